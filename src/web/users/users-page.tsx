import { ActionIcon, Badge, Button, Group, Menu, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import type { User } from '../../shared/wire';
import { ListToolbar, NumberedPagination, useListState } from '../components/list-controls';
import { PageLoader } from '../components/status-pages';
import { useUsersList } from './api';
import { InviteForm } from './invite-form';
import { useUserActions } from './user-actions';

/** Dark shades: the badge text must keep a 4.5:1 contrast on white. */
const STATUS_COLORS = { invited: 'violet.9', active: 'teal.9', disabled: 'gray.7' } as const;

/** /users (administrators): search, invite, rows per page, previous/next, the table and its actions. */
export default function UsersPage() {
  const { t } = useTranslation();
  const list = useListState();
  const query = useUsersList({ page: list.page, size: list.size, search: list.search });
  const [inviting, invite] = useDisclosure(false);
  const totalPages = query.data?.meta.totalPages ?? 1;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('users.title')}</Title>
        <Button onClick={invite.open}>{t('users.invite')}</Button>
      </Group>
      <ListToolbar
        list={list}
        searchLabel={t('users.search')}
        searchPlaceholder={t('users.searchPlaceholder')}
        totalPages={totalPages}
      />

      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Text role="alert">{t('errors.generic')}</Text>
      ) : query.data.users.length === 0 ? (
        <Text c="gray.7">{t('users.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.columns.fullName')}</Table.Th>
                <Table.Th>{t('users.columns.email')}</Table.Th>
                <Table.Th>{t('users.columns.role')}</Table.Th>
                <Table.Th>{t('users.columns.status')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('users.columns.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NumberedPagination page={list.page} totalPages={totalPages} onChange={list.setPage} />

      <Modal opened={inviting} onClose={invite.close} title={t('invitations.invite.title')}>
        <InviteForm onDone={invite.close} onCancel={invite.close} />
      </Modal>
    </Stack>
  );
}

function UserRow({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useUserActions();
  return (
    <Table.Tr className={user.status === 'disabled' ? 'muted-row' : undefined} data-status={user.status}>
      <Table.Td>
        <Link to={`/users/${user.id}`}>{user.fullName}</Link>
      </Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>{t(`common.roles.${user.role}`)}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[user.status]} variant="outline">
          {t(`common.statuses.${user.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('users.actions.menu', { name: user.fullName })}>
              <span aria-hidden>⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void navigate(`/users/${user.id}`)}>{t('users.actions.edit')}</Menu.Item>
            {user.status === 'invited' && (
              <Menu.Item onClick={() => void actions.reinvite(user)}>{t('users.actions.reinvite')}</Menu.Item>
            )}
            {user.archivable && user.status !== 'disabled' && (
              <Menu.Item color="red.8" onClick={() => actions.archive(user)}>
                {t('users.actions.archive')}
              </Menu.Item>
            )}
            {user.archivable && user.status === 'disabled' && (
              <Menu.Item onClick={() => actions.restore(user)}>{t('users.actions.restore')}</Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

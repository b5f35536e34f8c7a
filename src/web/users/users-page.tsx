import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import type { UserListItem as User } from '../../shared/wire';
import { ListToolbar, NumberedPagination, useListState } from '../components/list-controls';
import { PageLoader } from '../components/status-pages';
import { useUsersList } from './api';
import { InviteModal } from './invite-form';
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
        <UserList users={query.data.users} />
      )}
      <NumberedPagination page={list.page} totalPages={totalPages} onChange={list.setPage} />

      <InviteModal opened={inviting} onClose={invite.close} />
    </Stack>
  );
}

/**
 * A table where there is room; on a phone each user is a card with the same facts (name, email, role,
 * status) and the same actions, so nothing has to be scrolled sideways to.
 */
function UserList({ users }: { users: User[] }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (narrow) {
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('users.title')}>
        {users.map((user) => (
          <UserCard key={user.id} user={user} />
        ))}
      </Stack>
    );
  }
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('users.columns.fullName')}</Table.Th>
          <Table.Th>{t('users.columns.email')}</Table.Th>
          <Table.Th>{t('users.columns.role')}</Table.Th>
          <Table.Th>{t('users.columns.status')}</Table.Th>
          <Table.Th>{t('users.columns.digest')}</Table.Th>
          <Table.Th>
            <span className="visually-hidden">{t('users.columns.actions')}</span>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function StatusBadge({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[user.status]} variant="outline">
      {t(`common.statuses.${user.status}`)}
    </Badge>
  );
}

function UserCard({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      className={user.status === 'disabled' ? 'muted-row' : undefined}
      data-status={user.status}
      data-testid="user-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={`/users/${user.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {user.fullName}
          </Anchor>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Group gap="xs">
            <Text size="sm">{t(`common.roles.${user.role}`)}</Text>
            <StatusBadge user={user} />
            {user.digestTime && (
              <Badge color="blue.9" variant="outline">
                {t('users.digestAt', { time: user.digestTime })}
              </Badge>
            )}
          </Group>
        </Stack>
        <UserActionsMenu user={user} />
      </Group>
    </Paper>
  );
}

function UserRow({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Table.Tr className={user.status === 'disabled' ? 'muted-row' : undefined} data-status={user.status}>
      <Table.Td>
        <Link to={`/users/${user.id}`}>{user.fullName}</Link>
      </Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>{t(`common.roles.${user.role}`)}</Table.Td>
      <Table.Td>
        <StatusBadge user={user} />
      </Table.Td>
      <Table.Td>
        {user.digestTime ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{t('users.noDigest')}</span>
          </>
        )}
      </Table.Td>
      <Table.Td>
        <UserActionsMenu user={user} />
      </Table.Td>
    </Table.Tr>
  );
}

function UserActionsMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useUserActions();
  return (
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
          <Menu.Item color="red.9" onClick={() => actions.archive(user)}>
            {t('users.actions.archive')}
          </Menu.Item>
        )}
        {user.archivable && user.status === 'disabled' && (
          <Menu.Item onClick={() => actions.restore(user)}>{t('users.actions.restore')}</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

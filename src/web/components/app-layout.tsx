import { Suspense } from 'react';
import { Anchor, AppShell, Avatar, Badge, Burger, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink as RouterNavLink, Outlet, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { useSession } from '../session/session';
import { useCurrentCompany } from '../session/use-current-company';
import { AccountLanguageSwitch } from '../session/account-language';
import { PageLoader } from './status-pages';
// The signed-in screens' styles travel with the signed-in frame, not with the sign-in page (ADR 0018).
import '../styles/signed-in.css';
import { SearchButton } from './search-button';
import { PrivacyPrintFooter } from './privacy-print-footer';
import { useOverdueCount } from '../api/tasks';
import { usePendingApprovalsCount } from '../api/controls';

/** docs/SPEC.md §2 Layout: top bar (menu, current company, product name) and the slide-out drawer. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const session = useSession();
  const company = useCurrentCompany();
  const navigate = useNavigate();

  const logout = async () => {
    close();
    await session.signOut();
    void navigate('/', { replace: true });
  };

  const overdue = useOverdueCount(opened);
  const pending = usePendingApprovalsCount(opened);
  const link = (to: string, label: string) => (
    <NavLink key={to} component={RouterNavLink} to={to} label={label} onClick={close} />
  );

  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* The company name gives way (truncated) so that "Atrium" always shows whole, even at 390 px. */}
          <Group wrap="nowrap" gap="sm" miw={0} style={{ flex: '1 1 auto' }}>
            <Burger opened={opened} onClick={open} aria-label={t('layout.openMenu')} size="sm" />
            {company && (
              <Group gap="xs" wrap="nowrap" miw={0} data-testid="topbar-company">
                <Avatar src={company.avatarUrl} alt="" size="sm" radius="xl" color="blue.8" variant="filled">
                  {company.name.slice(0, 1)}
                </Avatar>
                <Text fw={500} truncate maw={240}>
                  {company.name}
                </Text>
              </Group>
            )}
          </Group>
          <Group wrap="nowrap" gap="sm">
            <SearchButton />
            <Anchor component={Link} to="/" fw={700} size="lg" underline="never" style={{ flexShrink: 0 }}>
              {t('common.appName')}
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>

      <Drawer
        opened={opened}
        onClose={close}
        title={t('common.appName')}
        closeButtonProps={{ 'aria-label': t('layout.closeMenu') }}
      >
        <Stack gap="xs" component="nav" aria-label={t('layout.navigation')}>
          <Text size="xs" c="gray.7" tt="uppercase">
            {t('layout.currentCompany')}
          </Text>
          {company ? (
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Avatar src={company.avatarUrl} alt="" size="sm" radius="xl" color="blue.8" variant="filled">
                  {company.name.slice(0, 1)}
                </Avatar>
                <Text truncate>{company.name}</Text>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Anchor component={Link} to={`/companies/${company.id}`} onClick={close} size="sm">
                  {t('layout.showCompany')}
                </Anchor>
                <Anchor component={Link} to="/companies" onClick={close} size="sm">
                  {t('layout.switchCompany')}
                </Anchor>
              </Group>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              {t('layout.noCompany')}
            </Text>
          )}
          <Divider my="xs" />
          <NavLink
            component={RouterNavLink}
            to="/tasks"
            label={t('layout.myTasks')}
            onClick={close}
            rightSection={
              overdue.data ? (
                <Badge color="red.8" variant="filled" size="sm">
                  {t('layout.tasksOverdue', { count: overdue.data })}
                </Badge>
              ) : null
            }
          />
          <NavLink
            component={RouterNavLink}
            to="/approvals"
            label={t('layout.toApprove')}
            onClick={close}
            rightSection={
              pending.data ? (
                <Badge color="orange.9" variant="filled" size="sm">
                  {t('layout.toApproveCount', { count: pending.data })}
                </Badge>
              ) : null
            }
          />
          {link('/requests', t('layout.fundingRequests'))}
          {link('/dashboard', t('portfolio.nav.dashboard'))}
          {link('/portfolio/deferral', t('portfolio.nav.deferral'))}
          {link('/companies', t('layout.companies'))}
          {link('/portfolio/import', t('portfolio.nav.importRepayments'))}
          {link('/portfolio/guarantees', t('portfolio.nav.guarantees'))}
          {link('/reports/fund_activity', t('layout.fundReport'))}
          {link('/month-end', t('layout.monthEnd'))}
          {link('/notices', t('layout.notices'))}
          {link('/reports/controls', t('layout.controlsJournal'))}
          {link('/committee/meetings', t('layout.committeeMeetings'))}
          {link('/documents', t('layout.documents'))}
          {link('/events', t('layout.events'))}
          {session.isAdmin && link('/users', t('layout.users'))}
          {session.isAdmin && link('/backups', t('backups.nav'))}
          {session.isAdmin && link('/privacy', t('layout.privacy'))}
          {session.isAdmin && link('/portfolio/buckets', t('portfolio.nav.buckets'))}
          {session.isAdmin && link('/portfolio/capital', t('portfolio.nav.capital'))}
          {session.isAdmin && link('/settings/approval_policy', t('layout.approvalPolicies'))}
          {session.isAdmin && link('/committees', t('layout.committees'))}
          {session.isAdmin && link('/checklist-templates', t('layout.checklistTemplates'))}
          {session.isAdmin && link('/settings/notices', t('layout.noticeSettings'))}
          {session.isAdmin && link('/settings/letters', t('layout.letterTemplates'))}
          {session.isAdmin && link('/settings/security', t('layout.security'))}
          {link('/account', t('layout.myAccount'))}
          <Divider my="xs" />
          <AccountLanguageSwitch />
          <NavLink component="button" label={t('layout.logout')} onClick={() => void logout()} />
        </Stack>
      </Drawer>

      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        <PrivacyPrintFooter />
      </AppShell.Main>
    </AppShell>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Officer } from '../../shared/schemas/privacy';
import { api } from '../api/client';
import { useTranslation } from '../i18n';

/** The person in charge of personal information (public): read by the frame's footer and the privacy screens. */
export const useOfficer = () =>
  useQuery({
    queryKey: ['privacy', 'officer'],
    queryFn: async () => (await api<Officer>('GET', '/privacy/officer')).data,
  });

/**
 * The person in charge of personal information at the foot of every printout (docs/decisions/0075): in the
 * signed-in frame, shown only on paper (print.css).
 */
export function PrivacyPrintFooter() {
  const { t } = useTranslation();
  const officer = useOfficer();
  if (!officer.data?.name) return null;
  return (
    <footer className="privacy-print-footer">
      {t('layout.privacyFooter', {
        name: officer.data.name,
        title: officer.data.title ?? '',
        email: officer.data.email ?? '',
      })}
    </footer>
  );
}

import { Anchor, Box, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useTranslation } from '../i18n';
import type { SimilarCompany } from '../../shared/search';
import type { CompanyFormState } from './form-values';

/**
 * The duplicate warning under a new company's name (ADR 0022): companies whose name is similar, any
 * accent or case, with their municipality. A warning only: the user can still save. The links open in
 * a new tab, so that the form being filled in is not lost.
 */
export function SimilarCompanies() {
  const { t, i18n } = useTranslation();
  const name = useWatch<CompanyFormState, 'name'>({ name: 'name' }) ?? '';
  const [debounced] = useDebouncedValue(name.trim(), 300);
  const query = useQuery({
    queryKey: queryKeys.similarCompanies(debounced, i18n.language),
    queryFn: async ({ signal }) =>
      (await api<SimilarCompany[]>('GET', '/companies/similar', { query: { name: debounced }, signal })).data,
    enabled: debounced.length >= 3,
    staleTime: 30_000,
  });
  const similar = debounced.length >= 3 ? (query.data ?? []) : [];
  return (
    // Always in the page, so that screen readers announce the warning when it appears.
    <Box role="status" aria-live="polite">
      {similar.length > 0 && (
        <Box mt={6} p="xs" bg="yellow.0" bd="1px solid yellow.6" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text size="sm" fw={600}>
            {t('search.similar.title')}
          </Text>
          <List size="sm" spacing={2} mt={4}>
            {similar.map((company) => (
              <List.Item key={company.id}>
                <Anchor
                  href={`/companies/${company.id}`}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('search.similar.openLabel', { name: company.name })}
                >
                  {company.name}
                </Anchor>
                {company.municipalityName && <Text span size="sm" c="gray.8">{` — ${company.municipalityName}`}</Text>}
              </List.Item>
            ))}
          </List>
          <Text size="xs" c="gray.8" mt={4}>
            {t('search.similar.hint')}
          </Text>
        </Box>
      )}
    </Box>
  );
}

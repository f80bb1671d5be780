import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { PAGE_INDEX } from './pageIndex.ts';
import { Card, Grid, Muted, SearchInput } from './parts.tsx';

function useSearch() {
  const { i18n } = useLingui();
  const [query, setQuery] = useState('');
  const results = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase(i18n.locale);
    const pages = PAGE_INDEX.map((page) => ({ url: page.url, title: i18n._(page.title), detail: i18n._(page.detail) }));
    if (needle === '') return pages;
    return pages.filter((page) => `${page.title} ${page.detail} ${page.url}`.toLocaleLowerCase(i18n.locale).includes(needle));
  }, [query, i18n]);
  return { query, setQuery, results };
}

/** /pages/search/classic: a search box over the app's pages and a list of results. */
export function SearchClassicPage() {
  const { t } = useLingui();
  const id = useId();
  const { query, setQuery, results } = useSearch();
  return (
    <section data-state="search-classic">
      <PageHeader title={<Trans>Search</Trans>} />
      <Card>
        <SearchInput id={id} type="search" value={query} placeholder={t`Search the pages`} aria-label={t`Search the pages`} onChange={(e) => setQuery(e.target.value)} />
        <Muted role="status">
          <Plural value={results.length} one="# result" other="# results" />
        </Muted>
        {results.length === 0 ? (
          <Muted>
            <Trans>No pages match your search.</Trans>
          </Muted>
        ) : (
          <Results>
            {results.map((page) => (
              <li key={page.url}>
                <Link to={page.url}>{page.title}</Link>
                <small>{page.url}</small>
                <span>{page.detail}</span>
              </li>
            ))}
          </Results>
        )}
      </Card>
    </section>
  );
}

/** /pages/search/modern: a large search field over cards. */
export function SearchModernPage() {
  const { t } = useLingui();
  const { query, setQuery, results } = useSearch();
  return (
    <section data-state="search-modern">
      <Hero>
        <h1>
          <Trans>What are you looking for?</Trans>
        </h1>
        <SearchInput type="search" value={query} placeholder={t`Search the pages`} aria-label={t`Search the pages`} onChange={(e) => setQuery(e.target.value)} />
      </Hero>
      {results.length === 0 ? (
        <Muted role="status">
          <Trans>No pages match your search.</Trans>
        </Muted>
      ) : (
        <Grid>
          {results.map((page) => (
            <Card key={page.url}>
              <h2>
                <Link to={page.url}>{page.title}</Link>
              </h2>
              <Muted>{page.detail}</Muted>
            </Card>
          ))}
        </Grid>
      )}
    </section>
  );
}

const Results = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;
  li { display: flex; flex-direction: column; gap: 2px; }
  a { font-size: 1.05rem; font-weight: 600; }
  small { color: ${({ theme }) => theme.colors.success}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Hero = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  max-width: 640px;
  margin: 0 auto ${({ theme }) => theme.space(8)};
  padding-top: ${({ theme }) => theme.space(6)};
  text-align: center;
  h1 { margin: 0; font-size: 1.8rem; }
`;

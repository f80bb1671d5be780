import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { filterProblem, isFiltered, pageCount, type AccountListMachine, type ListFilter } from '../../../../machines/accountList.ts';
import {
  selectCanPage,
  selectFilter,
  selectItems,
  selectListBusy,
  selectListFailure,
  selectListReady,
  selectPage,
  selectSize,
  selectTotal,
} from '../../../../machines/accountList.selectors.ts';
import { Button } from '../../../ui/Button.tsx';
import { failureText } from '../errors/codeMessages.ts';
import { Field, FieldError, Input, Select } from '../common/controls.ts';
import { DataTable, type Column } from './DataTable.tsx';

export const PAGE_SIZES = [10, 25, 50] as const;

export interface TypeFilter {
  label: string;
  options: ReadonlyArray<{ value: number; label: string }>;
}

export interface AccountListProps<T> {
  list: ActorRefFrom<AccountListMachine<T>>;
  /** Names the table for screen readers, e.g. "Game sessions". */
  name: string;
  testId: string;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  rowState?: (row: T) => string | undefined;
  typeFilter?: TypeFilter;
  /** Shown when the player has no rows at all. */
  empty: ReactNode;
  /** Shown when the filters leave no rows. */
  emptyFiltered: ReactNode;
  /** Drawn above the table with the rows on screen (e.g. the sessions chart). */
  summary?: (rows: readonly T[]) => ReactNode;
}

/** A paged list: the filter bar, the table (or its loading, failed and empty states), the pager. */
export function AccountList<T>({ list, name, testId, columns, rowKey, rowState, typeFilter, empty, emptyFiltered, summary }: AccountListProps<T>) {
  const { t, i18n } = useLingui();
  const items = useSelector(list, selectItems);
  const page = useSelector(list, selectPage);
  const size = useSelector(list, selectSize);
  const total = useSelector(list, selectTotal);
  const filter = useSelector(list, selectFilter);
  const failure = useSelector(list, selectListFailure);
  const busy = useSelector(list, selectListBusy);
  const ready = useSelector(list, selectListReady);
  const canPage = useSelector(list, selectCanPage);

  const pages = pageCount(total, size);
  const firstLoad = busy && items.length === 0;
  const emptyNow = ready && total === 0;
  const showTable = items.length > 0 && !failure;
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);

  return (
    <Root data-testid={testId}>
      <FilterBar
        filter={filter}
        typeFilter={typeFilter}
        onChange={(next) => list.send({ type: 'user.filter', filter: next })}
        onClear={() => list.send({ type: 'user.clearFilter' })}
      />
      {failure && (
        <Notice role="alert" data-state="failed">
          <span>
            <Trans>The list could not be loaded.</Trans> {failureText(i18n, failure)}
          </span>
          <Button type="button" $variant="ghost" onClick={() => list.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      )}
      {firstLoad && (
        <Notice role="status" aria-busy="true" data-state="loading">
          <Trans>Loading...</Trans>
        </Notice>
      )}
      {emptyNow && (
        <Notice role="status" data-state="empty">
          {isFiltered(filter) ? (
            <>
              <span>{emptyFiltered}</span>
              <Button type="button" $variant="ghost" onClick={() => list.send({ type: 'user.clearFilter' })}>
                <Trans>Clear filters</Trans>
              </Button>
            </>
          ) : (
            <span>{empty}</span>
          )}
        </Notice>
      )}
      {showTable && summary?.(items)}
      {showTable && (
        <DataTable
          caption={t`${name}, page ${page} of ${pages}`}
          columns={columns}
          rows={items}
          rowKey={rowKey}
          rowState={rowState}
          busy={busy}
        />
      )}
      {total > 0 && !failure && (
        <Pager aria-label={t`Pagination`}>
          <Range>
            <Trans>
              {first}–{last} of {total}
            </Trans>
          </Range>
          <PageSize size={size} onChange={(next) => list.send({ type: 'user.size', size: next })} disabled={!canPage} />
          <Pages>
            <Button
              type="button"
              $variant="ghost"
              disabled={!canPage || page <= 1}
              onClick={() => list.send({ type: 'user.page', page: page - 1 })}
            >
              <span aria-hidden="true">‹</span> <Trans>Previous</Trans>
            </Button>
            <span aria-live="polite" data-testid="page-of">
              <Trans>
                Page {page} of {pages}
              </Trans>
            </span>
            <Button
              type="button"
              $variant="ghost"
              disabled={!canPage || page >= pages}
              onClick={() => list.send({ type: 'user.page', page: page + 1 })}
            >
              <Trans>Next</Trans> <span aria-hidden="true">›</span>
            </Button>
          </Pages>
        </Pager>
      )}
    </Root>
  );
}

function FilterBar({
  filter,
  typeFilter,
  onChange,
  onClear,
}: {
  filter: ListFilter;
  typeFilter: TypeFilter | undefined;
  onChange: (filter: ListFilter) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const ids = { from: useId(), to: useId(), type: useId() };
  const problem = filterProblem(filter);
  return (
    <Bar role="search" aria-label={t`Filters`}>
      <Fields>
        <Field>
          <label htmlFor={ids.from}>
            <Trans>From</Trans>
          </label>
          <Input
            id={ids.from}
            type="date"
            value={filter.from ?? ''}
            max={filter.to ?? undefined}
            onChange={(e) => onChange({ ...filter, from: e.target.value || null })}
          />
        </Field>
        <Field>
          <label htmlFor={ids.to}>
            <Trans>To</Trans>
          </label>
          <Input
            id={ids.to}
            type="date"
            value={filter.to ?? ''}
            min={filter.from ?? undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids.to}-error` : undefined}
            onChange={(e) => onChange({ ...filter, to: e.target.value || null })}
          />
        </Field>
        {typeFilter && (
          <Field>
            <label htmlFor={ids.type}>{typeFilter.label}</label>
            <Select
              id={ids.type}
              value={filter.type ?? ''}
              onChange={(e) => onChange({ ...filter, type: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <option value="">{t`All types`}</option>
              {typeFilter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Clear>
          <Button type="button" $variant="ghost" disabled={!isFiltered(filter)} onClick={onClear}>
            <Trans>Clear filters</Trans>
          </Button>
        </Clear>
      </Fields>
      {problem && (
        <FieldError id={`${ids.to}-error`} role="alert">
          <Trans>The end date is before the start date.</Trans>
        </FieldError>
      )}
    </Bar>
  );
}

function PageSize({ size, onChange, disabled }: { size: number; onChange: (size: number) => void; disabled: boolean }) {
  const id = useId();
  return (
    <SizeField>
      <label htmlFor={id}>
        <Trans>Items per page</Trans>
      </label>
      <Select id={id} value={size} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Select>
    </SizeField>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space(3)};
`;

const Clear = styled.div`
  display: flex;
  button { width: 100%; }
`;

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-state='failed'] { color: ${({ theme }) => theme.colors.danger}; border-style: solid; }
  &[data-state='loading'] { justify-content: center; }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const Range = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const SizeField = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  label { font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; white-space: nowrap; }
  select { width: auto; min-height: 38px; }
`;

const Pages = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  font-variant-numeric: tabular-nums;
  button { min-height: 38px; padding: 0 12px; }
`;

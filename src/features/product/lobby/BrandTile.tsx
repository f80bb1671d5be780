import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import styled from 'styled-components';
import type { LobbyBrand } from '../../../../machines/lobby.ts';
import { brandImagePath } from '../../../../protocol/floor.ts';
import { formatMoney } from '../../../ui/money.ts';

/** A brand of the brands-first lobby: its art, jackpot and machine count. */
export const BrandTile = memo(function BrandTile({
  brand,
  selected,
  currency,
  onSelect,
}: {
  brand: LobbyBrand;
  selected: boolean;
  currency: string;
  onSelect: (brand: LobbyBrand) => void;
}) {
  const { i18n } = useLingui();
  const jackpots = brand.jackpots.map((minor) => formatMoney(minor, currency, i18n.locale)).join(' · ');
  const count = brand.machineCount;
  return (
    <Root type="button" aria-pressed={selected} onClick={() => onSelect(brand)} data-testid={`brand-${brand.id}`}>
      <img src={brandImagePath(brand.name)} alt="" loading="lazy" />
      <span className="name">{brand.name}</span>
      <span className="jackpot">
        <Trans>Jackpot {jackpots}</Trans>
      </span>
      <span className="count">
        <Trans>{count} machines</Trans>
      </span>
    </Root>
  );
});

const Root = styled.button`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 0 0 12px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  &[aria-pressed='true'] { border-color: ${({ theme }) => theme.colors.primary}; }
  img { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; }
  .name { padding: 0 12px; font-weight: 700; }
  .jackpot { padding: 0 12px; color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
  .count { padding: 0 12px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
`;

import { Trans, useLingui } from '@lingui/react/macro';
import { memo, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import type { LobbyBrand } from '../../../../machines/lobby.ts';
import { brandImagePath, machinePictureSrcSet } from '../../../../protocol/floor.ts';
import { PAINTED_TILE_FIELDS } from '../../../../protocol/pages.ts';
import { formatMoney } from '../../../../protocol/format.ts';
import { TILE_PICTURE_SIZES } from './sections.ts';

/** A brand of the brands-first lobby: its art, jackpot and machine count. */
export const BrandTile = memo(function BrandTile({
  brand,
  selected,
  currency,
  onSelect,
  firstScreen = false,
}: {
  brand: LobbyBrand;
  selected: boolean;
  currency: string;
  onSelect: (brand: LobbyBrand) => void;
  /** Among the first FIRST_SCREEN_BRANDS: its picture asked for at once and first. */
  firstScreen?: boolean;
}) {
  const { i18n } = useLingui();
  const jackpots = brand.jackpots.map((minor) => formatMoney(minor, currency, i18n.locale)).join(' · ');
  const count = brand.machineCount;
  return (
    <Root type="button" aria-pressed={selected} onClick={() => onSelect(brand)} data-testid={`brand-${brand.id}`}>
      <TileFace
        image={brandImagePath(brand.name)}
        srcSet={machinePictureSrcSet(brandImagePath(brand.name))}
        name={brand.name}
        jackpots={jackpots}
        count={<MachineCount count={count} />}
        loading={firstScreen ? 'eager' : 'lazy'}
        priority={firstScreen ? 'high' : 'auto'}
      />
    </Root>
  );
});

/** What a brand tile shows: its picture, name, jackpots and machine count. */
function TileFace({ image, srcSet, name, jackpots, count, loading, priority }: { image: string; srcSet: string | undefined; name: string; jackpots: string; count: ReactNode; loading: string; priority: string }) {
  return (
    <>
      <img src={image} srcSet={srcSet} sizes={TILE_PICTURE_SIZES} alt="" loading={loading as 'eager' | 'lazy'} fetchPriority={priority as 'high' | 'auto'} />
      <span className="name">{name}</span>
      <span className="jackpot">
        <Trans>Jackpot {jackpots}</Trans>
      </span>
      <span className="count">{count}</span>
    </>
  );
}

/** A brand's machine count, in words (plural rules: 'جهاز واحد', '# أجهزة'…). */
export function MachineCount({ count }: { count: number }) {
  return <Trans>{count} machines</Trans>;
}

/**
 * A brand tile in a lobby painted from HTML (PaintedLobby.tsx): the same face, as a link to the
 * brand's page, so a tap before the app is there still goes where it means. Rendered at build
 * time with PAINTED_TILE_FIELDS in place of a brand's (protocol/pages.ts fills them in; the count's
 * words come from the build's texts per plural category).
 */
export function PaintedBrandTile() {
  const field = PAINTED_TILE_FIELDS;
  return (
    <Root as="a" href={field.href}>
      <TileFace image={field.image} srcSet={field.srcset} name={field.name} jackpots={field.jackpots} count={field.count} loading={field.loading} priority={field.priority} />
    </Root>
  );
}

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
  text-decoration: none;
  cursor: pointer;
  &[aria-pressed='true'] { border-color: ${({ theme }) => theme.colors.primary}; }
  img { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; }
  .name { padding: 0 12px; font-weight: 700; }
  .jackpot { padding: 0 12px; color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
  .count { padding: 0 12px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
`;

/**
 * A brand tile's place while the lobby loads: the tile's own box (art, name, jackpot, count
 * lines), so the page keeps its layout when the brands come — nothing under it moves.
 */
export function BrandTilePlaceholder() {
  return (
    <Placeholder aria-hidden="true">
      <span className="art" />
      {(['name', 'jackpot', 'count'] as const).map((line) => (
        <span key={line} className={line}>
          <i />
          {'\u00a0'}
        </span>
      ))}
    </Placeholder>
  );
}

const pulse = keyframes`
  from { opacity: 0.55; }
  to { opacity: 1; }
`;

const Placeholder = styled(Root).attrs({ as: 'div' })`
  cursor: default;
  animation: ${pulse} 0.9s ease-in-out infinite alternate;
  @media (prefers-reduced-motion: reduce) { animation: none; }
  .art { width: 100%; aspect-ratio: 4 / 3; background: ${({ theme }) => theme.colors.surfaceRaised}; }
  .name, .jackpot, .count { position: relative; }
  i { position: absolute; inset: 20% 40% 20% 12px; border-radius: 4px; background: ${({ theme }) => theme.colors.surfaceRaised}; }
  .jackpot i { right: 25%; }
  .count i { right: 55%; }
`;

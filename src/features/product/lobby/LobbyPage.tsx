import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import styled from 'styled-components';
import { joinability, type lobbyMachine, type LobbyBrand, type LobbyMachine } from '../../../../machines/lobby.ts';
import {
  selectBalance,
  selectBrands,
  selectFirstLoad,
  selectLoading,
  selectLoadFailed,
  selectMachineIds,
  selectMyReservedIds,
  selectSelectedBrand,
} from '../../../../machines/lobby.selectors.ts';
import { afterPaint } from '../../../ui/afterPaint.ts';
import { Button } from '../../../ui/Button.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { PromoButtons } from '../promo/PromoButtons.tsx';
import { useActorOptions, useLogic, useSettings } from '../../viewRuntime.tsx';
import { FIRST_SCREEN_BRANDS } from '../../../../protocol/pages.ts';
import { slug } from '../../../../protocol/slug.ts';
import { BrandTile, BrandTilePlaceholder } from './BrandTile.tsx';
import { MachineTile } from './MachineTile.tsx';
import { BLOCK_TILES, tileFeed, type TileView } from './tileFeed.ts';
import { Grid, Section, Sections } from './sections.ts';
import { PaintedLobbyHere } from '../../../ui/paintedLobbyHold.tsx';

/** Above this many machines, tiles out of view skip layout and paint (content-visibility). */
const MANY_TILES = 60;

/**
 * The lobby: brands first (SHOW_LOBBY) with a brand's machines at /lobby/:id/:name, or every
 * machine. Live status changes arrive from the notification socket through the auth actor, which
 * the lobby machine listens to itself (its liveStatuses child: the login is in its input).
 */
export function LobbyPage() {
  const { t } = useLingui();
  const settings = useSettings();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id?: string };
  const brandId = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const logic = useLogic();
  const lobby = useActorRef(logic.lobby, { ...useActorOptions(), input: logic.lobbyInput({ brandId }) });

  useEffect(() => {
    if (selectSelectedBrand(lobby.getSnapshot()) !== brandId) lobby.send({ type: 'route.brand', brandId });
  }, [lobby, brandId]);

  const loading = useSelector(lobby, selectFirstLoad);

  // A join is one click away: the game page's code loads once the tiles are painted, so the click
  // goes straight to the machine instead of waiting ~100 ms for a chunk (join → first frame). Not
  // at idle: a player (or the bench) can click Play before the lobby's first idle moment; not
  // with the page's first render either: on a phone its evaluation delayed the tiles' pictures.
  const router = useRouter();
  useEffect(() => {
    if (loading) return;
    const game = router.routesById['/game/$gameId/$name'] as Parameters<typeof router.loadRouteChunk>[0] | undefined;
    if (!game) return;
    return afterPaint(() => void router.loadRouteChunk(game)?.catch(() => undefined));
  }, [router, loading]);
  // Another brand's machines (or a reload) on their way: what is shown is about to change.
  const busy = useSelector(lobby, selectLoading);
  const failed = useSelector(lobby, selectLoadFailed);
  const brands = useSelector(lobby, selectBrands);
  // Which machines, not their statuses: a status change re-renders its own tile only (LiveTile).
  const machineIds = useSelector(lobby, selectMachineIds, sameIds);
  const reservedIds = useSelector(lobby, selectMyReservedIds, sameIds);
  const balance = useSelector(lobby, selectBalance);

  const play = useCallback(
    (machine: LobbyMachine) => void navigate({ to: '/game/$gameId/$name', params: { gameId: String(machine.id), name: slug(machine.name) } }),
    [navigate],
  );
  const selectBrand = useCallback((brand: LobbyBrand) => lobby.send({ type: 'user.selectBrand', brandId: brand.id, name: brand.name }), [lobby]);
  // The lobby decides which address a brand tile leads to; the page follows it.
  useEffect(() => {
    const subscription = lobby.on('brand.show', ({ brand }) => {
      if (brand === null) void navigate({ to: '/lobby' });
      else void navigate({ to: '/lobby/$id/$name', params: { id: String(brand.id), name: slug(brand.name) } });
    });
    return () => subscription.unsubscribe();
  }, [lobby, navigate]);

  const showMachines = !settings.SHOW_LOBBY || brandId !== null;
  const player = useMemo(() => ({ balance, allowZeroBalance: settings.ALLOW_0_BALANCE_TO_PLAY }), [balance, settings.ALLOW_0_BALANCE_TO_PLAY]);
  const selected = brands.find((b) => b.id === brandId);

  return (
    <div className="lobby-background">
      <PageHeader title={selected ? selected.name : <Trans>Lobby</Trans>}>
        <PromoButtons />
      </PageHeader>
      {/* The header keeps its own space below it, as on every page; the sections space each other. */}
      <Sections id="lobby-content" aria-busy={busy || undefined}>
        {failed && (
          <Problem role="alert">
            <Trans>The lobby could not be loaded.</Trans>{' '}
            <Button type="button" $variant="ghost" onClick={() => lobby.send({ type: 'user.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          </Problem>
        )}
        {loading && <Status role="status">{t`Loading...`}</Status>}
        {/* A lobby painted from HTML stands over this one until its tiles are drawn. */}
        {loading && <PaintedLobbyHere />}
        {reservedIds.length > 0 && (
          <Section aria-labelledby="reserved-title">
            <h2 id="reserved-title">
              <Trans>Reserved for you</Trans>
            </h2>
            <Grid>
              {reservedIds.map((id) => (
                <LiveTile key={id} lobby={lobby} id={id} player={player} currency={settings.CURRENCY} onPlay={play} />
              ))}
            </Grid>
          </Section>
        )}
        {settings.SHOW_LOBBY && (
          <Section aria-labelledby="brands-title">
            <h2 id="brands-title">
              <Trans>Brands</Trans>
            </h2>
            <Grid $narrow aria-busy={loading || undefined}>
              {loading
                ? PLACEHOLDERS.map((key) => <BrandTilePlaceholder key={key} />)
                : brands.map((b, index) => (
                    <BrandTile
                      key={b.id}
                      brand={b}
                      selected={b.id === brandId}
                      currency={settings.CURRENCY}
                      onSelect={selectBrand}
                      firstScreen={index < FIRST_SCREEN_BRANDS}
                    />
                  ))}
            </Grid>
          </Section>
        )}
        {showMachines && (
          <Section aria-labelledby="machines-title">
            <h2 id="machines-title">
              <Trans>Machines</Trans>
            </h2>
            {machineIds.length > MANY_TILES ? (
              <Blocks>
                {blocksOf(machineIds).map((block) => (
                  <LiveBlock key={block[0]} lobby={lobby}>
                    {block.map((id) => (
                      <LiveTile key={id} lobby={lobby} id={id} player={player} currency={settings.CURRENCY} onPlay={play} />
                    ))}
                  </LiveBlock>
                ))}
              </Blocks>
            ) : (
              <Grid>
                {machineIds.map((id) => (
                  <LiveTile key={id} lobby={lobby} id={id} player={player} currency={settings.CURRENCY} onPlay={play} />
                ))}
              </Grid>
            )}
          </Section>
        )}
      </Sections>
    </div>
  );
}

type LobbyActor = ActorRefFrom<typeof lobbyMachine>;

function blocksOf(ids: readonly number[]): number[][] {
  const blocks: number[][] = [];
  for (let i = 0; i < ids.length; i += BLOCK_TILES) blocks.push(ids.slice(i, i + BLOCK_TILES));
  return blocks;
}
type Player = { balance: number | null; allowZeroBalance: boolean };

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** One tile following its own machine, as the feed hands it (tileFeed.ts: out of view, changes wait). */
function LiveTile({ lobby, id, player, currency, onPlay }: { lobby: LobbyActor; id: number; player: Player; currency: string; onPlay: (machine: LobbyMachine) => void }) {
  const view = useContext(BlockView);
  const hold = useMemo(() => tileFeed(lobby).hold(id, view), [lobby, id, view]);
  const machine = useSyncExternalStore(hold.subscribe, hold.shown);
  if (!machine) return null;
  return <MachineTile machine={machine} joinable={joinability(machine, player)} currency={currency} onPlay={onPlay} />;
}

/** The block a tile is in (null: a small floor, or the reserved tiles — always current). */
const BlockView = createContext<TileView | null>(null);

/**
 * A block of a big floor: a grid of its own that the browser skips while out of view
 * (content-visibility), and whose tiles' changes wait while it is more than a screen away.
 */
function LiveBlock({ lobby, children }: { lobby: LobbyActor; children: ReactNode }) {
  const view = useMemo(() => tileFeed(lobby).view(), [lobby]);
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = grid.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    view.open();
    const observer = new IntersectionObserver((entries) => view.seen(entries.at(-1)!.isIntersecting), { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => {
      observer.disconnect();
      view.close();
    };
  }, [view]);
  return (
    <Grid ref={grid} $many>
      <BlockView.Provider value={view}>{children}</BlockView.Provider>
    </Grid>
  );
}

/** Tiles' places while the lobby loads: three rows on a phone, the page's first screen. */
const PLACEHOLDERS = [1, 2, 3, 4, 5, 6];

/** Said, not shown: the tiles' places show it (the page keeps its layout when they come). */
const Status = styled.p`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const Blocks = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Problem = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.colors.danger};
`;

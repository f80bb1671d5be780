import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import styled from 'styled-components';
import { joinability, reservedMachines, type LobbyBrand, type LobbyMachine, type LobbyMachineStatus } from '../../../machines/lobby.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PromoButtons } from '../promo/PromoButtons.tsx';
import { useActorOptions, useAuthActor, useLogic, useSettings } from '../runtime.tsx';
import { slug } from '../slug.ts';
import { BrandTile } from './BrandTile.tsx';
import { MachineTile } from './MachineTile.tsx';

/**
 * The lobby: brands first (SHOW_LOBBY) with a brand's machines at /lobby/:id/:name, or every
 * machine. Live status changes arrive from the notification socket through the auth actor.
 */
export function LobbyPage() {
  const { t } = useLingui();
  const settings = useSettings();
  const auth = useAuthActor();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id?: string };
  const brandId = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const lobby = useActorRef(useLogic().lobby, {
    ...useActorOptions(),
    input: { showLobby: settings.SHOW_LOBBY, refreshSeconds: settings.LOBBY_UPDATE_SECONDS, brandId },
  });

  useEffect(() => {
    const subscription = auth.on('machine', (event) =>
      lobby.send({ type: 'server.machine', id: event.id, status: event.status as LobbyMachineStatus }),
    );
    return () => subscription.unsubscribe();
  }, [auth, lobby]);

  useEffect(() => {
    if (lobby.getSnapshot().context.selectedBrand !== brandId) lobby.send({ type: 'route.brand', brandId });
  }, [lobby, brandId]);

  const loading = useSelector(lobby, (s) => s.matches('loading') && s.context.machines.length === 0);
  const failed = useSelector(lobby, (s) => s.matches('failed'));
  const brands = useSelector(lobby, (s) => s.context.brands);
  const machines = useSelector(lobby, (s) => s.context.machines);
  const wallet = useSelector(auth, (s) => s.children.wallet);
  const balance = useSelector(wallet, (s) => s?.context.balance ?? null);

  const play = useCallback(
    (machine: LobbyMachine) => void navigate({ to: '/game/$gameId/$name', params: { gameId: String(machine.id), name: slug(machine.name) } }),
    [navigate],
  );
  const selectBrand = useCallback(
    (brand: LobbyBrand) => {
      // SPEC §3: selecting the selected brand again deselects it.
      if (brand.id === brandId) void navigate({ to: '/lobby' });
      else void navigate({ to: '/lobby/$id/$name', params: { id: String(brand.id), name: slug(brand.name) } });
    },
    [navigate, brandId],
  );

  const showMachines = !settings.SHOW_LOBBY || brandId !== null;
  const reserved = reservedMachines(machines);
  const player = { balance, allowZeroBalance: settings.ALLOW_0_BALANCE_TO_PLAY };
  const selected = brands.find((b) => b.id === brandId);

  return (
    <Root className="lobby-background">
      <PageHeader title={selected ? selected.name : <Trans>Lobby</Trans>}>
        <PromoButtons />
      </PageHeader>
      {failed && (
        <Problem role="alert">
          <Trans>The lobby could not be loaded.</Trans>{' '}
          <Button type="button" $variant="ghost" onClick={() => lobby.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Problem>
      )}
      {loading && <p aria-busy="true">{t`Loading...`}</p>}
      {reserved.length > 0 && (
        <Section aria-labelledby="reserved-title">
          <h2 id="reserved-title">
            <Trans>Reserved</Trans>
          </h2>
          <Grid>
            {reserved.map((m) => (
              <MachineTile key={m.id} machine={m} joinable={joinability(m, player)} currency={settings.CURRENCY} onPlay={play} />
            ))}
          </Grid>
        </Section>
      )}
      {settings.SHOW_LOBBY && (
        <Section aria-labelledby="brands-title">
          <h2 id="brands-title">
            <Trans>Brands</Trans>
          </h2>
          <Grid $narrow>
            {brands.map((b) => (
              <BrandTile key={b.id} brand={b} selected={b.id === brandId} currency={settings.CURRENCY} onSelect={selectBrand} />
            ))}
          </Grid>
        </Section>
      )}
      {showMachines && (
        <Section aria-labelledby="machines-title">
          <h2 id="machines-title">
            <Trans>Machines</Trans>
          </h2>
          <Grid>
            {machines.map((m) => (
              <MachineTile key={m.id} machine={m} joinable={joinability(m, player)} currency={settings.CURRENCY} onPlay={play} />
            ))}
          </Grid>
        </Section>
      )}
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(6)};
`;

const Section = styled.section`
  h2 { margin: 0 0 12px; font-size: 1.1rem; }
`;

const Grid = styled.div<{ $narrow?: boolean }>`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(${({ $narrow }) => ($narrow ? '180px' : '220px')}, 1fr));
`;

const Problem = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.colors.danger};
`;

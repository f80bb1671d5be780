import type { ActorRefFrom } from 'xstate';
import type { LobbyMachine, lobbyMachine } from '../../../../machines/lobby.ts';
import { selectLobbyMachine, selectMachines } from '../../../../machines/lobby.selectors.ts';

/**
 * The lobby's machines for its tiles, as the player can see them.
 *
 * One subscription to the lobby for all tiles. When the machines list is a new one (a status
 * batch, a refresh) only the tiles whose machine changed are told — not a thousand tiles each
 * checking every lobby snapshot.
 *
 * A tile in a block of a big floor that is out of view (its block's `view`) keeps showing what it
 * showed: its changes wait until the block comes near the viewport (the block watches itself with
 * a margin of a screen, so it is current before it is seen), or until the catch-up reaches it —
 * one block of out-of-view tiles every CATCH_UP_STEP_MS, in turn, so a tile out of view is at
 * most a round of the blocks behind (what a screen reader's browse mode reads there) and no
 * catch-up is one long task. Otherwise a floor of 1,000 machines with 200 status changes a
 * second re-renders, restyles and lays out ~200 tiles a second that nobody sees, in renders of
 * up to 80 tiles (DESIGN §7: under 10 % busy, no task over 50 ms).
 */
export const CATCH_UP_STEP_MS = 500;

/**
 * A big floor is laid out in blocks of this many tiles, each a grid of its own that is skipped
 * while out of view: a live status change then restyles and lays out the block it is in, not a
 * grid of a thousand tiles. 48 fills whole rows at 1, 2, 3, 4, 6 or 8 columns.
 */
export const BLOCK_TILES = 48;

/** A group of tiles seen or not seen together (a block of a big floor). */
export interface TileView {
  /** The view is watched from now on (until then, and after `close`, its tiles are seen). */
  open: () => void;
  /** Whether the view is near the viewport (coming near, its tiles catch up at once). */
  seen: (seen: boolean) => void;
  close: () => void;
}

/** One tile's hold on its machine, for useSyncExternalStore. */
export interface TileHold {
  subscribe: (changed: () => void) => () => void;
  /** What the tile shows: the machine as of the last change the tile was told. */
  shown: () => LobbyMachine | undefined;
}

export interface TileFeed {
  /** A new view (a block), seen until it is opened and says otherwise. */
  view: () => TileView;
  /** The tile of machine `id`, in `view` (null: always seen — a small floor, the reserved tiles). */
  hold: (id: number, view: TileView | null) => TileHold;
}

type LobbyActor = ActorRefFrom<typeof lobbyMachine>;

interface ViewState extends TileView {
  isSeen: boolean;
  tiles: Set<Tile>;
}

interface Tile {
  id: number;
  view: ViewState | null;
  shown: LobbyMachine | undefined;
  stale: boolean;
  changed: () => void;
}

const feeds = new WeakMap<LobbyActor, TileFeed>();

/** The feed of one lobby actor (one per actor, shared by its page's tiles). */
export function tileFeed(lobby: LobbyActor): TileFeed {
  let feed = feeds.get(lobby);
  if (!feed) {
    feed = createTileFeed(lobby);
    feeds.set(lobby, feed);
  }
  return feed;
}

function createTileFeed(lobby: LobbyActor): TileFeed {
  const current = (id: number) => selectLobbyMachine(id)(lobby.getSnapshot());
  // The subscribed tiles by machine id (a machine may have two: reserved, and on the floor).
  const tiles = new Map<number, Set<Tile>>();
  const views = new Set<ViewState>();
  let machines: readonly LobbyMachine[] = [];
  let following: { unsubscribe: () => void } | null = null;
  let catchUp: ReturnType<typeof setInterval> | null = null;
  let turn = 0;

  const show = (tile: Tile) => {
    tile.stale = false;
    const machine = current(tile.id);
    if (machine === tile.shown) return;
    tile.shown = machine;
    tile.changed();
  };

  const stopCatchUp = () => {
    if (catchUp !== null) clearInterval(catchUp);
    catchUp = null;
  };

  /** The next view out of sight with tiles behind, in turn, catches up; none: the catch-up stops. */
  const catchUpStep = () => {
    const list = [...views];
    for (let i = 0; i < list.length; i++) {
      const view = list[(turn + i) % list.length]!;
      if (view.isSeen) continue;
      const behind = [...view.tiles].filter((tile) => tile.stale);
      if (behind.length === 0) continue;
      turn = (turn + i + 1) % list.length;
      behind.forEach(show);
      return;
    }
    stopCatchUp();
  };

  const machinesChanged = () => {
    let waiting = false;
    for (const [id, held] of tiles) {
      const machine = current(id);
      for (const tile of held) {
        if (tile.shown === machine) continue;
        if (!tile.view || tile.view.isSeen) show(tile);
        else waiting = tile.stale = true;
      }
    }
    if (waiting && catchUp === null) catchUp = setInterval(catchUpStep, CATCH_UP_STEP_MS);
  };

  return {
    view() {
      const view: ViewState = {
        isSeen: true,
        tiles: new Set(),
        open: () => void views.add(view),
        seen(seen) {
          if (view.isSeen === seen || !views.has(view)) return;
          view.isSeen = seen;
          if (seen) view.tiles.forEach((tile) => tile.stale && show(tile));
        },
        close() {
          view.seen(true);
          views.delete(view);
        },
      };
      return view;
    },
    hold(id, view) {
      const tile: Tile = { id, view: view as ViewState | null, shown: undefined, stale: false, changed: () => {} };
      let subscribed = false;
      return {
        // Before its subscription (the first render) a tile shows the machine as it is.
        shown: () => (subscribed ? tile.shown : (tile.shown = current(id))),
        subscribe(changed) {
          if (!following) {
            machines = selectMachines(lobby.getSnapshot());
            following = lobby.subscribe((snapshot) => {
              if (selectMachines(snapshot) === machines) return;
              machines = selectMachines(snapshot);
              machinesChanged();
            });
          }
          subscribed = true;
          tile.changed = changed;
          let held = tiles.get(id);
          if (!held) tiles.set(id, (held = new Set()));
          held.add(tile);
          tile.view?.tiles.add(tile);
          // Anything that changed between the render and now.
          show(tile);
          return () => {
            subscribed = false;
            held.delete(tile);
            if (held.size === 0) tiles.delete(id);
            tile.view?.tiles.delete(tile);
            if (tiles.size > 0) return;
            following?.unsubscribe();
            following = null;
            stopCatchUp();
          };
        },
      };
    },
  };
}

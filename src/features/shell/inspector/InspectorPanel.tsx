import { use, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import type { InspectedActor, InspectorStore } from '../../../services/inspector.ts';

// The committed diagrams (npm run charts), loaded only when the inspector opens one.
const charts = import.meta.glob<string>('../../../../docs/machines/*.svg', { query: '?raw', import: 'default' });

/** State ids of a snapshot value: { loggedOut: 'idle' } → auth.loggedOut, auth.loggedOut.idle. */
export function activeStateIds(machineId: string, value: unknown, prefix = machineId): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => [`${prefix}.${key}`, ...activeStateIds(machineId, child, `${prefix}.${key}`)]);
  }
  return [];
}

function summary(context: unknown): Array<[string, string]> {
  if (!context || typeof context !== 'object') return [];
  return Object.entries(context).map(([key, value]) => {
    let text: string;
    try {
      text = value instanceof Object && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype ? `[${value.constructor.name}]` : JSON.stringify(value);
    } catch {
      text = '[unserialisable]';
    }
    return [key, text.length > 80 ? `${text.slice(0, 77)}…` : text];
  });
}

/** The developers' live view of every running actor, its state on its chart, context and events. */
export function InspectorPanel({ store: loading }: { store: Promise<InspectorStore> }) {
  const store = use(loading);
  const actors = useSyncExternalStore(store.subscribe, store.actors, store.actors);
  // Starts folded to a small bar, so it never covers the page until asked.
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const machines = actors.filter((a) => a.value !== null);
  const current = machines.find((a) => a.sessionId === selected) ?? machines[0];

  return (
    <Root data-open={open} aria-label="State machine inspector">
      <Header>
        <strong>Inspector</strong>
        <span>{machines.length} machines · {actors.length} actors</span>
        <button type="button" onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide' : 'Show'}
        </button>
      </Header>
      {open && (
        <Body>
          <List>
            {machines.map((a) => (
              <li key={a.sessionId}>
                <button type="button" aria-pressed={a === current} onClick={() => setSelected(a.sessionId)}>
                  <b>{a.machineId}</b> <small>{a.id}</small>
                  <code>{JSON.stringify(a.value)}</code>
                </button>
              </li>
            ))}
          </List>
          {current && <Detail actor={current} />}
        </Body>
      )}
    </Root>
  );
}

function Detail({ actor }: { actor: InspectedActor }) {
  const [loaded, setLoaded] = useState<{ machineId: string; svg: string } | null>(null);
  const ids = useMemo(() => new Set(activeStateIds(actor.machineId, actor.value)), [actor.machineId, actor.value]);
  useEffect(() => {
    const load = charts[`../../../../docs/machines/${actor.machineId}.svg`];
    let live = true;
    if (load) void load().then((svg) => live && setLoaded({ machineId: actor.machineId, svg }));
    return () => {
      live = false;
    };
  }, [actor.machineId]);
  const svg = loaded?.machineId === actor.machineId ? loaded.svg : null;
  // Highlight through CSS on the chart's data-state attributes: the SVG itself stays as generated.
  const highlight = [...ids].map((id) => `[data-state="${CSS.escape(id)}"] > rect { stroke: #f5b301; stroke-width: 3; fill: rgb(245 179 1 / 12%); }`).join('\n');
  return (
    <DetailRoot>
      {svg ? (
        <Chart>
          <style>{highlight}</style>
          {/* The generated chart is our own committed file, not server text. */}
          <div dangerouslySetInnerHTML={{ __html: svg }} />
        </Chart>
      ) : (
        <p>No chart for {actor.machineId}.</p>
      )}
      <h4>Context</h4>
      <dl>
        {summary(actor.context).map(([key, text]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <h4>Last events</h4>
      <ol>
        {actor.events.map((e, i) => (
          <li key={`${e.at}-${i}`}>{e.type}</li>
        ))}
      </ol>
    </DetailRoot>
  );
}

const Root = styled.aside`
  position: fixed;
  inset-inline-end: 8px;
  bottom: 8px;
  z-index: 2000;
  width: min(720px, calc(100% - 16px));
  max-height: 60vh;
  display: flex;
  flex-direction: column;
  background: #0f1220f2;
  color: #e8ebf5;
  border: 1px solid #3a4470;
  border-radius: 10px;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace;
  &[data-open='false'] { width: auto; }
`;

const Header = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  padding: 6px 10px;
  border-bottom: 1px solid #3a4470;
  span { color: #9aa3c7; flex: 1; }
  button { background: none; border: 1px solid #3a4470; color: inherit; border-radius: 4px; cursor: pointer; }
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: 220px 1fr;
  min-height: 0;
  overflow: hidden;
`;

const List = styled.ul`
  margin: 0;
  padding: 4px;
  list-style: none;
  overflow: auto;
  border-inline-end: 1px solid #3a4470;
  button {
    width: 100%;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    padding: 4px 6px;
    background: none;
    border: 0;
    color: inherit;
    text-align: start;
    cursor: pointer;
    font: inherit;
  }
  button[aria-pressed='true'] { background: #232a48; }
  code { color: #f5b301; word-break: break-all; }
  small { color: #9aa3c7; }
`;

const DetailRoot = styled.div`
  overflow: auto;
  padding: 8px;
  h4 { margin: 8px 0 4px; }
  dl { margin: 0; }
  dl div { display: grid; grid-template-columns: 140px 1fr; gap: 8px; }
  dt { color: #9aa3c7; }
  dd { margin: 0; word-break: break-all; }
  ol { margin: 0; padding-inline-start: 18px; }
`;

const Chart = styled.div`
  background: #fff;
  border-radius: 6px;
  overflow: auto;
  max-height: 320px;
  svg { max-width: 100%; height: auto; }
`;

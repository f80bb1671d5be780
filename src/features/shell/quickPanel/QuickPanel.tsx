import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { PromiseActorLogic } from 'xstate';
import type { QuickPanelData } from '../../../../protocol/template.ts';
import { intlLocale } from '../../../../protocol/format.ts';
import { Sheet } from '../chat/Sheet.tsx';
import { useActorOptions } from '../../viewRuntime.tsx';
import type { QuickSettingKey, QuickSettings, QuickSettingsStore } from '../../../services/playerStorage.ts';

/** The quick panel (SPEC §2, template demo): today's date, events and notes, a few switches. */
export function QuickPanel({ logic, store, onClose }: { logic: PromiseActorLogic<QuickPanelData>; store: QuickSettingsStore; onClose: () => void }) {
  const { t } = useLingui();
  const data = useActorRef(logic, useActorOptions());
  const status = useSelector(data, (s) => s.status);
  const output = useSelector(data, (s) => s.output);
  return (
    <Sheet title={t`Quick panel`} testId="quick-panel" onClose={onClose}>
      <Scroll>
        <Today />
        <Section aria-labelledby="quick-events">
          <h3 id="quick-events">
            <Trans>Events</Trans>
          </h3>
          <Entries status={status} entries={output?.events} />
        </Section>
        <Section aria-labelledby="quick-notes">
          <h3 id="quick-notes">
            <Trans>Notes</Trans>
          </h3>
          <Entries status={status} entries={output?.notes} />
        </Section>
        <Settings store={store} />
      </Scroll>
    </Sheet>
  );
}

function Today() {
  const { i18n } = useLingui();
  const locale = intlLocale(i18n.locale);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <TodayBox data-testid="quick-today">
      <h3>
        <Trans>Today</Trans>
      </h3>
      <strong>{now.toLocaleDateString(locale, { weekday: 'long' })}</strong>
      <span>{now.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' })}</span>
      <span>{now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}</span>
    </TodayBox>
  );
}

function Entries({ status, entries }: { status: string; entries: QuickPanelData['events'] | undefined }) {
  if (status === 'error') {
    return (
      <Muted role="alert">
        <Trans>Could not load this list.</Trans>
      </Muted>
    );
  }
  if (!entries) {
    return (
      <Muted aria-busy="true">
        <Trans>Loading…</Trans>
      </Muted>
    );
  }
  if (entries.length === 0) {
    return (
      <Muted>
        <Trans>Nothing here yet.</Trans>
      </Muted>
    );
  }
  return (
    <List>
      {entries.map((entry) => (
        <li key={entry.id}>
          <strong>{entry.title}</strong>
          <span>{entry.detail}</span>
        </li>
      ))}
    </List>
  );
}

function Settings({ store }: { store: QuickSettingsStore }) {
  const { t } = useLingui();
  const [values, setValues] = useState<QuickSettings>(() => store.read());
  const labels: Record<QuickSettingKey, string> = {
    notifications: t`Notifications`,
    cloudSync: t`Cloud sync`,
    retro: t`Retro thrusters`,
  };
  const toggle = (key: QuickSettingKey) => {
    const next = { ...values, [key]: !values[key] };
    setValues(next);
    store.write(next);
  };
  return (
    <Section aria-labelledby="quick-settings">
      <h3 id="quick-settings">
        <Trans>Quick Settings</Trans>
      </h3>
      {(Object.keys(labels) as QuickSettingKey[]).map((key) => (
        <Switch key={key}>
          <span>{labels[key]}</span>
          <input type="checkbox" role="switch" checked={values[key]} onChange={() => toggle(key)} />
        </Switch>
      ))}
    </Section>
  );
}

const Scroll = styled.div`
  flex: 1;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 20px;
  padding: 16px;
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 8px;
  h3 {
    margin: 0;
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const TodayBox = styled(Section)`
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  strong { font-size: 1.5rem; color: ${({ theme }) => theme.colors.primary}; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  li {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Switch = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 40px;
  cursor: pointer;
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

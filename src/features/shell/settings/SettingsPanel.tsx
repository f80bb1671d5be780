import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Backdrop } from '../../../ui/backdrop.ts';
import type { ActorRefFrom } from 'xstate';
import type { DirectionChoice, LayoutChoice, StoredUiSettings, ThemeChoice, uiSettingsMachine } from '../../../../machines/uiSettings.ts';
import { selectLookKeptIn, selectLookStatus, selectSettings } from '../../../../machines/uiSettings.selectors.ts';
import { THEME_PRESETS, type ThemePreset } from '../../../theme/presets.ts';
import { Glyph } from './glyphs.tsx';
import { useFocusReturn } from '../../../ui/focusReturn.ts';

type UiSettingsActor = ActorRefFrom<typeof uiSettingsMachine>;

const LAYOUTS: ReadonlyArray<{ id: LayoutChoice; label: MessageDescriptor }> = [
  { id: 'layout1', label: msg`Layout 1` },
  { id: 'layout2', label: msg`Layout 2` },
  { id: 'layout3', label: msg`Layout 3` },
];

const DIRECTIONS: ReadonlyArray<{ id: DirectionChoice; label: MessageDescriptor }> = [
  { id: 'auto', label: msg`As the language` },
  { id: 'ltr', label: msg`Left to right` },
  { id: 'rtl', label: msg`Right to left` },
];

const AREAS: ReadonlyArray<{ id: keyof ThemeChoice; label: MessageDescriptor }> = [
  { id: 'main', label: msg`Main theme` },
  { id: 'navbar', label: msg`Navbar theme` },
  { id: 'toolbar', label: msg`Toolbar theme` },
  { id: 'footer', label: msg`Footer theme` },
];

/**
 * The settings panel (SPEC §2 'Layouts and panels'): layout, direction, scrollbars, animations
 * and the colour schemes of the page, navbar, toolbar and footer. Every change applies at once;
 * the machine saves it (this browser for a guest, the profile for a player).
 */
export function SettingsPanel({ actor, open, onOpenChange }: { actor: UiSettingsActor; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  const settings = useSelector(actor, selectSettings);
  const status = useSelector(actor, selectLookStatus);
  const where = useSelector(actor, selectLookKeptIn);
  const change = (patch: StoredUiSettings) => actor.send({ type: 'user.change', patch });
  const returnFocus = useFocusReturn();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Backdrop $layer={900} $dim={50} />
        <Sheet aria-describedby={undefined} data-state-view={status} {...returnFocus}>
          <Header>
            <Title>
              <Trans>Settings</Trans>
            </Title>
            <Dialog.Close asChild>
              <Close type="button" aria-label={t`Close`}>
                <Glyph name="remove" />
              </Close>
            </Dialog.Close>
          </Header>
          <Status role="status" data-testid="settings-status">
            {status === 'loading' ? (
              <Trans>Loading your settings…</Trans>
            ) : status === 'saving' ? (
              <Trans>Saving…</Trans>
            ) : status === 'failed' ? (
              <Trans>Your settings could not be saved.</Trans>
            ) : where === 'profile' ? (
              <Trans>Saved to your profile.</Trans>
            ) : (
              <Trans>Saved in this browser.</Trans>
            )}
          </Status>
          <Body>
            <Choices legend={t`Layout`}>
              {LAYOUTS.map((layout) => (
                <Pill key={layout.id}>
                  <input type="radio" name="layout" checked={settings.layout === layout.id} onChange={() => change({ layout: layout.id })} />
                  {i18n._(layout.label)}
                </Pill>
              ))}
            </Choices>
            <Choices legend={t`Direction`}>
              {DIRECTIONS.map((direction) => (
                <Pill key={direction.id}>
                  <input
                    type="radio"
                    name="direction"
                    checked={settings.direction === direction.id}
                    onChange={() => change({ direction: direction.id })}
                  />
                  {i18n._(direction.label)}
                </Pill>
              ))}
            </Choices>
            <Toggle>
              <input type="checkbox" checked={settings.customScrollbars} onChange={(e) => change({ customScrollbars: e.target.checked })} />
              <Trans>Custom scrollbars</Trans>
            </Toggle>
            <Toggle>
              <input type="checkbox" checked={settings.animations} onChange={(e) => change({ animations: e.target.checked })} />
              <Trans>Animations</Trans>
            </Toggle>
            <SectionTitle>
              <Trans>Colour schemes</Trans>
            </SectionTitle>
            {AREAS.map((area) => (
              <Choices key={area.id} legend={i18n._(area.label)} $grid>
                {THEME_PRESETS.map((preset) => (
                  <Swatch key={preset.id} preset={preset} area={area.id} checked={settings.theme[area.id] === preset.id} onPick={() => change({ theme: { [area.id]: preset.id } })} />
                ))}
              </Choices>
            ))}
            <Reset type="button" onClick={() => actor.send({ type: 'user.reset' })}>
              <Trans>Reset to defaults</Trans>
            </Reset>
          </Body>
        </Sheet>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Choices({ legend, children, $grid = false }: { legend: string; children: ReactNode; $grid?: boolean }) {
  return (
    <Fieldset>
      <Legend>{legend}</Legend>
      <Options $grid={$grid}>{children}</Options>
    </Fieldset>
  );
}

function Swatch({ preset, area, checked, onPick }: { preset: ThemePreset; area: string; checked: boolean; onPick: () => void }) {
  const c = preset.theme.colors;
  return (
    <SwatchLabel data-tone={preset.tone}>
      <input type="radio" name={`theme-${area}`} checked={checked} onChange={onPick} />
      <Sample aria-hidden="true" style={{ background: c.background, borderColor: c.border }}>
        <span style={{ background: c.surface }} />
        <span style={{ background: c.primary }} />
      </Sample>
      <span>{preset.name}</span>
    </SwatchLabel>
  );
}

const Sheet = styled(Dialog.Content)`
  position: fixed;
  inset-block: 0;
  inset-inline-end: 0;
  z-index: 901;
  display: flex;
  flex-direction: column;
  width: min(380px, 100vw);
  border-inline-start: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 0 60px rgb(0 0 0 / 50%);
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 64px;
  padding-inline: 20px 8px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled(Dialog.Title)`
  margin: 0;
  font-size: 1.1rem;
`;

const Close = styled.button`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
`;

const Status = styled.p`
  margin: 0;
  padding: 8px 20px;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 16px 20px 24px;
`;

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  margin-bottom: 8px;
  padding: 0;
  font-size: 0.75rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const SectionTitle = styled.h3`
  margin: 8px 0 0;
  font-size: 0.95rem;
`;

const Options = styled.div<{ $grid: boolean }>`
  display: ${({ $grid }) => ($grid ? 'grid' : 'flex')};
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  flex-wrap: wrap;
  gap: 8px;
`;

const Pill = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 12px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  font-size: 0.9rem;
  cursor: pointer;
  input { accent-color: ${({ theme }) => theme.colors.primary}; margin: 0; }
  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Toggle = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  cursor: pointer;
  input { width: 18px; height: 18px; margin: 0; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

const SwatchLabel = styled.label`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid transparent;
  font-size: 0.78rem;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.text}; }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Sample = styled.span`
  display: flex;
  gap: 4px;
  height: 36px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid;
  span:first-child { flex: 2; border-radius: 3px; }
  span:last-child { flex: 1; border-radius: 3px; }
`;

const Reset = styled.button`
  align-self: flex-start;
  min-height: 36px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; }
`;

import { Trans, useLingui } from '@lingui/react/macro';
import * as Menu from '@radix-ui/react-dropdown-menu';
import styled from 'styled-components';
import type { JoinInfo } from '../../../../machines/gameSession.types.ts';
import { GameIcon } from './icons.tsx';

/**
 * The video bands in a menu (Radix's: arrow keys, Esc, focus back on the button): the button
 * names the band that plays, the menu offers the others by their real sizes.
 */
export function QualityMenu({ bands, active, onSelect }: { bands: JoinInfo['bands']; active: string | null; onSelect: (id: string) => void }) {
  const { t } = useLingui();
  const current = bands.find((band) => band.id === active) ?? bands[0];
  const band = current?.name ?? '';
  const dir = typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
  return (
    <Menu.Root dir={dir} modal={false}>
      <Menu.Trigger asChild>
        <Trigger type="button" aria-label={t`Video quality: ${band}`}>
          <GameIcon name="quality" size={20} />
          <span>{current?.name}</span>
          <GameIcon name="expand" size={18} />
        </Trigger>
      </Menu.Trigger>
      <Menu.Portal>
        <Content align="end" sideOffset={6} collisionPadding={8}>
          <Menu.Label className="label">
            <Trans>Video quality</Trans>
          </Menu.Label>
          <Menu.RadioGroup value={current?.id ?? ''} onValueChange={onSelect}>
            {bands.map((band) => (
              <Menu.RadioItem key={band.id} value={band.id} className="item">
                <span>{band.name}</span>
                <Menu.ItemIndicator className="tick">✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-height: 44px;
  padding: 0 8px 0 10px;
  border-radius: 22px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  cursor: pointer;
  &[data-state='open'] { border-color: ${({ theme }) => theme.colors.primary}; }
`;

const Content = styled(Menu.Content)`
  z-index: 900;
  min-width: 160px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 12px 32px rgb(0 0 0 / 45%);
  .label { padding: 6px 10px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.8rem; }
  .item {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-height: 44px;
    padding: 0 10px;
    border-radius: ${({ theme }) => theme.radius.sm};
    font-weight: 600;
    cursor: pointer;
    outline: none;
    &[data-highlighted] { background: ${({ theme }) => theme.colors.surface}; }
    &[data-state='checked'] { color: ${({ theme }) => theme.colors.primary}; }
  }
`;

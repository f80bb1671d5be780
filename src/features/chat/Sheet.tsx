import { useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Icon } from '../navigation/Icon.tsx';
import { IconButton } from '../layout/parts.tsx';

/** SPEC §9: the chat panel is 360 px wide; the quick panel uses the same side sheet. */
export const PANEL_WIDTH = 360;

/**
 * A side sheet at the end edge: a Radix dialog, so Escape, an outside click and the close
 * button all close it (onClose) and focus stays inside while it is open.
 */
export function Sheet({ title, testId, onClose, children }: { title: ReactNode; testId: string; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Backdrop />
        <Root aria-describedby={undefined} data-testid={testId}>
          <Head>
            <Dialog.Title asChild>
              <Title>{title}</Title>
            </Dialog.Title>
            <Dialog.Close asChild>
              <IconButton type="button" aria-label={t`Close the panel`}>
                <Icon name="close" />
              </IconButton>
            </Dialog.Close>
          </Head>
          {children}
        </Root>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const slideIn = keyframes`
  from { transform: translateX(calc(100% * var(--reading, 1))); }
  to { transform: none; }
`;

const Backdrop = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 900;
  background: rgb(3 5 12 / 45%);
`;

const Root = styled(Dialog.Content)`
  --reading: 1;
  [dir='rtl'] & { --reading: -1; }
  position: fixed;
  inset-block: 0;
  inset-inline-end: 0;
  z-index: 901;
  display: flex;
  flex-direction: column;
  width: min(${PANEL_WIDTH}px, 100vw);
  background: ${({ theme }) => theme.colors.surface};
  border-inline-start: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 0 40px rgb(0 0 0 / 55%);
  animation: ${slideIn} 0.2s ease-out;
  &:focus { outline: none; }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  min-height: 64px;
  padding-inline: 16px 8px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.05rem;
`;

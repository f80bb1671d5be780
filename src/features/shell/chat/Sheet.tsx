import { useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Backdrop } from '../../../ui/backdrop.ts';
import { SheetContent, SheetHead } from '../../../ui/sheet.ts';
import { Icon } from '../navigation/Icon.tsx';
import { IconButton } from '../../../ui/IconButton.ts';
import { useFocusReturn } from '../../../ui/focusReturn.ts';

/** SPEC §9: the chat panel is 360 px wide; the quick panel uses the same side sheet. */
export const PANEL_WIDTH = 360;

/**
 * A side sheet at the end edge: a Radix dialog, so Escape, an outside click and the close
 * button all close it (onClose) and focus stays inside while it is open.
 */
export function Sheet({ title, testId, onClose, children }: { title: ReactNode; testId: string; onClose: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const returnFocus = useFocusReturn();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Backdrop $layer={900} $dim={45} />
        <SheetContent $edge="end" $width={`min(${PANEL_WIDTH}px, 100vw)`} $layer={901} aria-describedby={undefined} data-testid={testId} {...returnFocus}>
          <SheetHead>
            <Dialog.Title asChild>
              <Title>{title}</Title>
            </Dialog.Title>
            <Dialog.Close asChild>
              <IconButton type="button" aria-label={t`Close the panel`}>
                <Icon name="close" />
              </IconButton>
            </Dialog.Close>
          </SheetHead>
          {children}
        </SheetContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Title = styled.h2`
  margin: 0;
  font-size: 1.05rem;
`;

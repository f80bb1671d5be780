import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';

/**
 * How dark the page goes behind a modal question — reconnect, leave the machine, the idle lock:
 * dim enough to put the page out of mind, light enough that the player still sees where they are.
 */
export const DIALOG_DIM = 60;

/**
 * The page dimmed behind a dialog, sheet or drawer: on the layer just below its content, as
 * dark (`$dim`, percent) and as blurred (`$blur`, px) as the dialog needs the page out of mind.
 */
export const Backdrop = styled(Dialog.Overlay)<{ $layer: number; $dim: number; $blur?: number }>`
  position: fixed;
  inset: 0;
  z-index: ${({ $layer }) => $layer};
  background: rgb(3 5 12 / ${({ $dim }) => $dim}%);
  ${({ $blur }) => ($blur ? `backdrop-filter: blur(${$blur}px);` : '')}
`;

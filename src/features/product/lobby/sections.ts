import styled from 'styled-components';

/** The lobby's sections and their grids of tiles: the app's lobby (LobbyPage) and the painted one (PaintedLobby). */

export const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(6)};

  & > section[aria-labelledby='machines-title'] {
    transition: opacity 0.2s;
  }

  /* The machines shown are being replaced (another brand, a reload): dimmed after a moment; the
     brands to choose from stay as they are. */
  &[aria-busy='true'] > section[aria-labelledby='machines-title'] {
    opacity: 0.6;
    transition-delay: 0.3s;
  }
`;

export const Section = styled.section`
  h2 { margin: 0 0 12px; font-size: 1.1rem; }
`;

/** How wide a tile's picture is drawn in a Grid: half a phone's width, a desktop's column at most. */
export const TILE_PICTURE_SIZES = '(max-width: 480px) 50vw, 320px';

export const Grid = styled.div<{ $narrow?: boolean; $many?: boolean }>`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(${({ $narrow }) => ($narrow ? '180px' : '220px')}, 1fr));
  /* A phone (up to 480 px): two compact tiles a row, as casino apps show a floor. */
  @media (max-width: 480px) {
    gap: 10px;
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  /* A block of a big floor: out of view, it is not styled, laid out or painted until scrolled to. */
  ${({ $many }) => ($many ? 'content-visibility: auto; contain-intrinsic-size: auto 2700px;' : '')}
`;

import styled from 'styled-components';

/** The parts of the profile's protection cards (Take a break, Reality checks). */

/** What a card's choice does, in a sentence or two. */
export const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.45;
`;

/** A card's choices: buttons of one size, as many to a row as fit, each a thumb's target. */
export const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: 8px;
  > button { min-height: 44px; padding-inline: 8px; white-space: nowrap; }
`;

import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { afterPaint } from './afterPaint.ts';

/**
 * A page's heading. A page reached by a navigation that took the focus with it (the login form
 * gone after Login, a link in a closed drawer) starts with the focus on its heading, so the next
 * Tab and a screen reader go on from the page the player is on, not from the top of the body.
 */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Once the page is painted: a focus makes the browser lay the page out at once, and inside a
    // page's first render that was ~20 ms more of one long task on a phone (docs/performance.md).
    return afterPaint(() => {
      const focused = document.activeElement;
      if (focused === null || focused === document.body) heading.current?.focus({ preventScroll: true });
    });
  }, []);
  return (
    <Root>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </Root>
  );
}

/**
 * The page's title, with what belongs to it (a line of text, the promo buttons) 8 px under it,
 * and 24 px to the page's content: the one space under every page's heading, whatever follows.
 */
const Root = styled.header`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-bottom: ${({ theme }) => theme.space(6)};
  h1 { margin: 0; font-size: 1.6rem; }
  h1:focus { outline: none; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

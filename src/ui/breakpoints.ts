/** Below theme.breakpoints.md (960px) the navbar is a drawer opened by a button. */
export const mobile = ({ theme }: { theme: { breakpoints: { md: string } } }) =>
  `(max-width: ${Number.parseFloat(theme.breakpoints.md) - 0.02}px)`;
export const desktop = ({ theme }: { theme: { breakpoints: { md: string } } }) => `(min-width: ${theme.breakpoints.md})`;

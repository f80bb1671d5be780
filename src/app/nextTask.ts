/**
 * Back to the browser before going on: what follows is a task of its own, so a slow phone gets
 * to paint and take input between the boot's steps (docs/performance.md).
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

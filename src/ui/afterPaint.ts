/**
 * Runs `run` once the browser has painted the next frame (a frame, then a task after it), not
 * inside the render that asked; returns what cancels it (an effect's cleanup).
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

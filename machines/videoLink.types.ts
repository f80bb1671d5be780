/**
 * The video link's types (STYLE: a types file beside a large machine): what it is started with,
 * holds, hears and tells its peer. machines/videoLink.ts is the chart.
 */
export interface VideoStats {
  width: number;
  height: number;
  /** Frames decoded in the last second. */
  fps: number;
  /** Round trip of the video's own connection (its ICE checks), when the browser reports it. */
  roundTripMs: number | null;
  /** Press → first picture that shows the machine's answer, when the video lets it be measured. */
  inputDelayMs: number | null;
}

/**
 * What the link is started with: a band's WHEP URL (or null to prepare until video.play), and the
 * player's token — only the player on the machine may watch it.
 */
export interface VideoInput {
  whepUrl: string | null;
  token: string;
}

/**
 * What the game session sends: the band to play, each play request (press → picture), a retry;
 * and what the view sends: the surface that shows the stream (a <video> in the browser, null
 * when it goes), which the peer watches to time a press → picture.
 */
export type VideoCommand =
  | { type: 'video.play'; whepUrl: string }
  | { type: 'video.request' }
  | { type: 'video.retry' }
  | { type: 'video.surface'; surface: HTMLVideoElement | null };

/** The operator refused the video with a code the player should read (70000: the pipeline failed). */
export interface VideoRefusal {
  code: number;
  params: Record<string, unknown>;
}

/** What the peer actor sends back. */
export type PeerEvent =
  | { type: 'peer.stream'; stream: MediaStream }
  /** The WHEP answer is applied: from now on the first frame is due. */
  | { type: 'peer.answered' }
  /** Once a second: what the stats line shows, and how many frames were decoded so far. */
  | { type: 'peer.stats'; stats: VideoStats; framesDecoded: number }
  /** `refusal`: the operator's code when its WHEP answer carried one. */
  | { type: 'peer.failed'; reason: string; refusal?: { code: number; params: Record<string, unknown> } };

/** What the page lifecycle actor sends: `pagehide` and a return from the back/forward cache. */
export type PageEvent = { type: 'page.hidden' } | { type: 'page.shown' };

/** Raised by the link itself: a report showed newly decoded frames. */
export type FramesEvent = { type: 'frames.new' };

export interface PeerInput {
  whepUrl: string | null;
  token: string;
  /** The surface showing the stream when the peer starts (null: none yet). */
  surface: HTMLVideoElement | null;
}

/** Told to the peer: the band's URL once known; a play request went out; the surface changed. */
export type PeerCommand = { type: 'peer.play'; whepUrl: string } | { type: 'video.request' } | { type: 'peer.surface'; surface: HTMLVideoElement | null };

export interface VideoLinkContext {
  whepUrl: string | null;
  token: string;
  /** Frames decoded by this session's connection so far (a rising count is a moving picture). */
  frames: number;
  /** Retries since the picture last moved. */
  attempts: number;
  /**
   * The peer's media stream, null until one arrives. A DOM type, named as a type only (the machine
   * never touches one: lint bans the global as a value here); the view shows it as it is.
   */
  stream: MediaStream | null;
  /** The last once-a-second report, for the stats line. */
  stats: VideoStats | null;
  /** The picture stalled or is being retried, until it moves again. */
  problem: boolean;
  /** The operator's refusal, until the picture moves again. */
  refusal: VideoRefusal | null;
  /** What shows the stream (the view's <video>: a DOM type, as a type only), handed to every peer this link starts. */
  surface: HTMLVideoElement | null;
}

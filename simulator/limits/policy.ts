/**
 * The simulator's fair share (issue 20, DESIGN §7 "no single client can stop or starve the
 * simulator"): every limit one client meets, in one place. docs/operators.md's "Fair share"
 * table states them with their codes; tests and the abuse bench read them from here.
 */
export const FAIR_SHARE = {
  /** Per socket: a token bucket of frames (burst, then per second); excess closes with 1008. */
  socketFrames: { burst: 40, perSecond: 20 },
  /** Per player, over all their sockets. */
  playerFrames: { burst: 60, perSecond: 30 },
  /** Frames received on one socket whose handling has not finished; more closes with 1008. */
  framesInFlight: 16,
  /** Bytes of those frames. */
  bytesInFlight: 64 * 1024,
  /** What the server may have queued for a socket that does not read; more closes it with 1008. */
  bufferedBytes: 1024 * 1024,
  /** Largest frame (ws itself closes with 1009 beyond it). */
  frameBytes: 16 * 1024,
  /** Open sockets per player and channel; the oldest is closed with 1008 when a newer one passes it. */
  socketsPerPlayer: 4,
  /** Login and register calls of one address running at once; more answer 429 at once. */
  authInFlightPerAddress: 4,
  /** Failed logins of one address forgiven; each one beyond doubles the wait before the next try. */
  freeFailuresPerAddress: 10,
  /** Longest such wait, and how long an address's failures are remembered. */
  failureBackoffMaxMs: 60_000,
  failureMemoryMs: 15 * 60_000,
  /** Registrations per address: burst, then one per this many ms. */
  registrations: { burst: 10, perSecond: 1 / 30 },
  /** A 429 is answered after its wait, up to this long (limits/tarpit.ts), ... */
  tarpitMs: 1000,
  /** ... with at most this many such answers held at once, all clients together. */
  heldAnswers: 4096,
  /** TCP connections one address may hold open; more are closed as they arrive. */
  connectionsPerAddress: 1024,
  /**
   * Connections the kernel queues before the server accepts them (capped by the system's
   * somaxconn). Node's 511 overflows when a floor of players reconnects at once after an outage:
   * the overflow then waits for SYN-ACK retransmits (1 s, 3 s, 7 s...) before it is even seen.
   */
  acceptBacklog: 4096,
  /** Password and PIN hashing (scrypt, PBKDF2) running at once, and waiting beyond those. */
  hashingConcurrency: 2,
  hashingQueue: 32,
} as const;

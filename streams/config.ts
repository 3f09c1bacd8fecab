/**
 * Every constant of SPEC 9, named with its unit, in one place.
 * Timing tests import these so that a changed constant fails its marble test.
 */

// Session (SPEC 4, 9)
export const tokenValidationIntervalMs = 5 * 60_000;
export const sessionBreakerFailures = 3;
export const sessionBreakerOpenMs = 5 * 60_000;
export const failureBackoffBaseMs = 1_000;
export const failureBackoffMaxMs = 30_000;
export const onlineRecoveryDelayMs = 1_000;
export const persistentSessionExpiryMs = 31_536_000_000;
export const expiredStorageCleanupIntervalMs = 5 * 60_000;

// Redirect guard (SPEC 9)
export const maxRedirectsPerSession = 3;
export const redirectThrottleMs = 10_000;
export const redirectLoopShortCount = 3;
export const redirectLoopShortWindowMs = 30_000;
export const redirectLoopLongCount = 5;
export const redirectLoopLongWindowMs = 5 * 60_000;
export const redirectCounterIdleResetMs = 5 * 60_000;

// Recovery service (SPEC 9)
export const recoveryMaxRetries = 5;
export const recoveryBaseDelayMs = 1_000;
export const recoveryMaxDelayMs = 30_000;
export const recoveryJitterRatio = 0.1;
export const refreshWaitTimeoutMs = 30_000;
/**
 * How long a tab that gets its turn to refresh the shared session first listens for what the other
 * tabs said, in a browser that cannot keep marks of replaced refresh tokens (no IndexedDB, or no
 * crypto.subtle off a secure origin): a tab that refreshed just before announced the new session,
 * and a message from another page process can arrive after the turn does (the refresh lock is not
 * ordered with it).
 */
export const tabMessagesSettleMs = 250;
/**
 * The server's reuse grace window: a refresh token presented again within this long of its
 * rotation gets a sibling of its successor, not the end of the session (CONTRACT's reuse
 * detection applies after it, or once the successor was rotated in turn). Tabs and devices
 * sharing a session may present the same token before they hear of its rotation.
 */
export const refreshReuseGraceMs = 20_000;
/**
 * How long a tab whose refresh token another tab marked replaced waits for that tab's announce of
 * the new session before it presents the token itself, which the server answers with a sibling
 * while the mark is younger than half of {@link refreshReuseGraceMs}; an older one is given up.
 */
export const replacedSessionWaitMs = 3_000;
/** How long a mark of a replaced refresh token is kept: as long as the server keeps any refresh token. */
export const replacedTokenMarkTtlMs = 30 * 24 * 3_600_000;

// Analytics breaker (SPEC 4, 9)
export const analyticsBreakerFailures = 3;
export const analyticsBreakerOpenMs = 30_000;

// Real-time connection, first description (SPEC 9)
export const reconnectDelayMs = 5_000;
export const processedUpdatesCap = 1_000;
export const processedUpdatesTrimTo = 500;
export const pendingStorageZoneTtlMs = 5 * 60_000;
export const eventTimeHistorySize = 10;

// Real-time connection, second description (SPEC 9)
export const connectionMaxRetries = 8;
export const connectionRetryBaseMs = 1_000;
export const connectionRetryMaxMs = 60_000;
export const connectionJitterRatio = 0.3;
export const heartbeatTimeoutMs = 45_000;
export const heartbeatCheckIntervalMs = 15_000;
export const streamErrorGraceMs = 1_500;
export const palletUpdateThrottleMs = 150;
export const orderUpdateThrottleMs = 150;
export const assignmentUpdateThrottleMs = 300;
export const storageUpdateThrottleMs = 500;
export const liveDedupWindowMs = 1_000;
export const optimisticMarkMs = 3_000;

// Connection quality (SPEC 4)
export const qualityPoorConsecutiveErrors = 5;
export const qualityDegradedLatencyMs = 2_000;
export const qualityGoodLatencyMs = 1_000;

// Activity feed (the dashboard's; SPEC leaves it out): read again at most once a second
export const activityRefreshMs = 1_000;

// Consoles (issue 20): the sorting line's last pallet may be undone this long after it was made
export const sortingUndoWindowMs = 10_000;

// Date settings (SPEC 9)
export const dateSettingsCheckIntervalMs = 15 * 60_000;
/** How often the screens read the clock again: the ages and the day they show change by the minute. */
export const screenClockMs = 60_000;

// Interface (SPEC 2, 9)
/** How long a row someone else changed stays highlighted on the pallet board. */
export const rowHighlightMs = 2_000;
export const toastDefaultDurationMs = 3_000;
export const notificationStackMax = 3;
export const notificationSpacingPx = 8;
export const notificationItemHeightPx = 60;
export const modalLayerZ = 1000;
export const layoutRemeasureDebounceMs = 100;
export const orientationRemeasureDelayMs = 300;
export const qrImageSizePx = 50;
export const qrModalImageSizePx = 300;
export const mobileBreakpointPx = 768;
export const tabletBreakpointPx = 1024;
export const keyboardOpenHeightDropPx = 150;
export const chunkLoadTimeoutMs = 120_000;

// Live events on the server (CONTRACT "Live events")
export const sseHeartbeatIntervalMs = 15_000;
/** Heartbeats go out in turns this far apart, each to its share of the streams. */
export const sseHeartbeatTurnMs = 100;
export const sseDrainMs = 3_000;
export const sseDrainStepMs = 100;
export const sseMaxBufferedBytes = 1024 * 1024;
export const sseMaxConnections = 20_000;
export const liveRetentionMs = 7 * 24 * 60 * 60_000;
export const liveRetentionEvents = 100_000;
export const livePruneIntervalMs = 10 * 60_000;

// The phone's offline queue (issue 21; not in SPEC)
/** After a drain found the server unreachable while the browser said online, try again this much later. */
export const offlineQueueRetryMs = 5_000;
/** The phone keeps a location's last known data at most this often (for a start without network). */
export const keptSnapshotSaveMs = 2_000;

// Label printers' host status (Zebra ~HS over the raw port)
/** How long the server waits for a printer to take a label (connect and send) before it gives up. */
export const printTimeoutMs = 5_000;
/** How often the server asks each label printer for its host status. */
export const printerStatusPollMs = 30_000;
/** How long the server waits for a printer to connect and answer its status before the poll counts as missed. */
export const printerStatusWaitMs = 2_000;
/** Missed status polls in a row after which a printer is unreachable: one lost answer is not enough. */
export const printerMissedPollsUnreachable = 2;

// Scanning on a page (issue 21; not in SPEC)
/** Longest pause between two keys of one scanner reading; people typing pause longer. */
export const scannerKeyGapMs = 50;
/** How long a label must be out of the camera's sight before it counts as shown again. */
export const sameCodeMs = 2_000;
/** Time between two reads of the camera's picture: ten a second is quick to a person and light on the phone. */
export const cameraDetectEveryMs = 100;
/** The phone's short buzz for each pallet stored, so the operator need not look at the screen. */
export const storedBuzzMs = 80;
/** The phone's long buzz (on, off, on) for a refused scan, so the picker feels it without looking. */
export const refusedBuzzMs = [200, 100, 200];

// The server's sessions and readiness (CONTRACT)
/** Refresh tokens live 30 days with rememberMe, else 12 hours. */
export const refreshTtlMs = { rememberMe: 30 * 24 * 3_600_000, session: 12 * 3_600_000 };
/** How often a closing server closes the sockets that carry no request. */
export const idleReapMs = 100;
/** How long the server's readiness waits for the database before calling it unreachable. */
export const readyTimeoutMs = 2_000;

// The server's database notifications (PostgreSQL LISTEN)
/** How long a lost PostgreSQL listener waits before connecting again. */
export const notifyListenerReconnectMs = 1_000;

// Network scales (issue 34): MT-SICS polled, continuous indicators read as they send
/** How often the server asks an MT-SICS scale for its weight (`SI`): as often as a screen may show it. */
export const scalePollMs = 200;
/** At most this many readings a second go to a screen: more only costs the phone's battery. */
export const scaleReadingsPerSecond = 5;
/**
 * A steady weight goes to a screen again only this often (a changed one at once), so it knows the
 * scale still talks, and the next change is not kept waiting behind readings it has already shown.
 */
export const scaleRepeatMs = 1_000;
/** A scale that sends no stable flag is stable once its weight stays within this of where it settled… */
export const scaleStableToleranceKg = 0.05;
/** …for this long. */
export const scaleStableMs = 1_000;
/** A scale with no reading for this long is silent: the console says so rather than show an old weight. */
export const scaleSilentMs = 3_000;
/** After a scale's connection fails or ends, the server connects again after 1 s, doubling up to 30 s. */
export const scaleReconnectBaseMs = 1_000;
export const scaleReconnectMaxMs = 30_000;
/** A console opens a scale's readings again this long after their stream ended (the scale was changed) or failed. */
export const scaleReopenMs = 1_000;
/**
 * A weight typed by hand while the scale reads one more than this share apart (5 %) asks first: a
 * typo, or the wrong pallet on the scale.
 */
export const typedWeightAskShare = 0.05;

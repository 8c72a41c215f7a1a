// The page's shared state (one object the other modules read and write) and its URL options.

const params = new URLSearchParams(location.search);

export const options = {
  // Pause before an AI move is played, so a person can follow it (?aipause=0 for tests).
  aiPause: Math.max(0, Number(params.get("aipause") ?? 700)),
  // ?perf: time every Python call and render as performance measures (for profiling).
  perf: params.has("perf"),
  // ?ai_workers=N: how many AI workers share a search (1-4; else one fewer than the cores).
  aiWorkers: Math.min(4, Math.max(1, Math.floor(Number(params.get("ai_workers"))
    || (navigator.hardwareConcurrency || 2) - 1))),
  // ?ai_early=0: the AI's worker is not started before its first search (js/ai.js startEarly).
  aiEarly: params.get("ai_early") !== "0",
  // ?ai_time=S: thinking time in seconds for the search level and hints (tests use a short one).
  aiTime: Number(params.get("ai_time")) > 0 ? Number(params.get("ai_time")) : null,
  // ?review_iterations=N: a review's budget per decision, with no time cap (tests: a verdict
  // that does not depend on the machine's speed).
  reviewIterations: Number(params.get("review_iterations")) > 0 ? Number(params.get("review_iterations")) : null,
  // ?seed=N: new games are dealt from a fixed seed.
  seed: params.get("seed") ? Number(params.get("seed")) : null,
};

// How long a card just played lands and glows; it carries on through redraws meanwhile.
const FRESH_MS = 1600;

export const state = {
  P: null,          // the last payload from Python: {view, seat, handover, settings, ...}
  sel: null,        // the selection in progress: {card, target: {stone, card} | null}
  aiBusy: false,    // the computer is choosing (or pausing before) its moves
  replay: null,     // the replay on show: {source, mode, modes, moves, n, k, bottom} (games.js)
  live: null,       // the game's own payload while a replay is on show
  fresh: null,      // the last public play, {a, t0}: it lands and glows for FRESH_MS
  hint: null,       // the hint on show: {action, text}; cleared by every new payload
  hintBusy: false,  // a hint is being worked out in the worker
  hintToken: 0,     // bumped by every new payload: a late hint for an old position is dropped
  waiting: false,   // the table is drawn from the last visit's payload, Python still starting
  pending: null,    // the action made meanwhile, sent to the engine when it is ready (quick.js)
};

export const isAI = () => !!state.P && state.P.settings.opponent === "ai";
export const aiSeat = () => (isAI() ? state.P.settings.ai_seat : null);

// The last play while it is fresh: {a, t0, age}; null once it has settled.
export function freshNow() {
  if (!state.fresh) return null;
  const age = performance.now() - state.fresh.t0;
  return age < FRESH_MS ? { ...state.fresh, age } : null;
}

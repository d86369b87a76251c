/** Whether this run is CI (`CI=true` or `CI=1`): there, a missing service fails its tests instead of skipping them. */
export const isCI = ['true', '1'].includes((process.env['CI'] ?? '').toLowerCase());

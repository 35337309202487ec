/** Everything the site is generated from: the games and the source texts they cite. */
import { buildSeedModels, type SeedModel } from './coverage.ts';
import type { GameDoc } from './model.ts';

export interface SiteModel {
  games: GameDoc[];
  seeds: SeedModel[];
}

export function buildSiteModel(games: GameDoc[]): SiteModel {
  return { games, seeds: buildSeedModels(games) };
}

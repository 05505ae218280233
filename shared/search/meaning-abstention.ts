/**
 * Search by meaning's similarity as a second cue for abstention. An unscoped question abstains when no passage covers
 * enough of its words (extractive.ts); with search by meaning on, the best cosine the model found in the library moves
 * that bar: down when the model finds a passage very like the question, up when it finds none. A cosine's scale is
 * the model's own, so only a model calibrated here moves the bar; any other model leaves it where the words put it.
 */
import { USE_LITE_ID } from './use-lite-model';

export interface SimilarityCalibration {
  /** Bar moved per unit of cosine. */
  weight: number;
  /** The cosine at which the bar stays where the words put it. */
  reference: number;
}

/**
 * Fitted on the dev halves (`tools/eval/tune-meaning-abstention.ts`; experiment log, session 28): answerable against
 * right abstention at today's bars, and with the model's cue, where the bar alone at the same answerable abstention
 * gives the figure in brackets: COVID-QA one paper 0.065 / 0.882 -> 0.063 / 0.916 (0.875), whole library 0.112 / 0.654
 * -> 0.110 / 0.679 (0.652); ArgSciChat whole library 0.544 / 0.81 -> 0.582 / 0.848 (0.823), one paper level;
 * Evidence Inference whole library 0.046 -> 0.023 answerable at 0.962, one paper 0.969 -> 0.938 right abstention.
 * Weight 1 cut Evidence Inference's whole-library right abstention to 0.677; a cosine threshold alone (answer whenever
 * it clears one) did no better than a lower bar.
 */
const CALIBRATIONS: Readonly<Record<string, SimilarityCalibration>> = {
  [USE_LITE_ID]: { weight: 0.5, reference: 0.6 },
};

/** The calibration of a model, or null for one never measured here (its cosines then move nothing). */
export function abstentionCalibration(modelId: string | undefined): SimilarityCalibration | null {
  return (modelId !== undefined && CALIBRATIONS[modelId]) || null;
}

/** The bar moved by the best similarity a calibrated model found for the question. */
export function barWithMeaning(bar: number, similarity: number, calibration: SimilarityCalibration): number {
  return bar - calibration.weight * (similarity - calibration.reference);
}

/**
 * Every QA set `eval:qa` and the tuning aids read, in one order: the four committed ones first (the QASA library
 * takes sets 0 and 3), then those whose files are fetched into the fixtures when present (ChemRxivQuest, PubMedQA),
 * each said to be not measured when absent.
 */
import { loadArgSciChatSet } from './argscichat-set';
import { chemRxivQuestAvailable, loadChemRxivQuestSet, type ChemBuild } from './chemrxivquest-set';
import { loadCovidQaSet } from './covid-qa-set';
import { loadEvidenceInferenceSet } from './evidence-inference-set';
import { loadPubMedQaSet, pubmedQaAvailable } from './pubmedqa-set';
import type { QaSet } from './qa-set';
import { loadQasperSet } from './qasper-set';

export interface QaSets {
  sets: QaSet[];
  /** ChemRxivQuest as loaded (its dropped rows are reported), when its files are present. */
  chemRxivQuest?: ChemBuild;
  /** Why a fetched set was not measured: its files are not in the fixtures. */
  notMeasured: Record<string, string>;
}

export function loadQaSets(): QaSets {
  const chemRxivQuest = chemRxivQuestAvailable() ? loadChemRxivQuestSet() : undefined;
  const pubmedQa = pubmedQaAvailable() ? loadPubMedQaSet() : undefined;
  return {
    sets: [loadQasperSet(), loadCovidQaSet(), loadEvidenceInferenceSet(), loadArgSciChatSet(), ...(chemRxivQuest ? [chemRxivQuest] : []), ...(pubmedQa ? [pubmedQa] : [])],
    ...(chemRxivQuest ? { chemRxivQuest } : {}),
    notMeasured: {
      ...(chemRxivQuest ? {} : { chemrxivquest: 'its files are not in the fixtures (qa/chemrxivquest); see tools/eval/qa-sets/chemrxivquest.SOURCE.md' }),
      ...(pubmedQa ? {} : { pubmedqa: 'its file is not in the fixtures (qa/pubmedqa/ori_pqal.json); see tools/eval/qa-sets/pubmedqa.SOURCE.md' }),
    },
  };
}

/** A small library of work records covering the kinds the styles treat differently. */
import type { WorkRecord } from '../../shared/cite/work-record';

export const PREPRINT: WorkRecord = {
  id: 'arxiv:2104.01180', type: 'article', title: 'Qubit routing using graph neural network aided Monte Carlo tree search',
  author: [{ family: 'Sinha', given: 'Animesh' }, { family: 'Azad', given: 'Utkarsh' }, { family: 'Singh', given: 'Harjinder' }],
  issued: { 'date-parts': [[2021]] }, number: 'arXiv:2104.01180', genre: 'Preprint', publisher: 'arXiv',
  DOI: '10.48550/arXiv.2104.01180', URL: 'https://arxiv.org/abs/2104.01180',
};
export const JOURNAL: WorkRecord = {
  id: 'doi:10.1023/a:1010933404324', type: 'article-journal', title: 'Random forests', author: [{ family: 'Breiman', given: 'Leo' }],
  issued: { 'date-parts': [[2001]] }, 'container-title': 'Machine Learning', volume: '45', issue: '1', page: '5-32', DOI: '10.1023/A:1010933404324',
};
export const CONFERENCE: WorkRecord = {
  id: 'title:attentionisallyouneed', type: 'paper-conference', title: 'Attention is all you need',
  author: [{ family: 'Vaswani', given: 'Ashish' }, { family: 'Shazeer', given: 'Noam' }, { family: 'Parmar', given: 'Niki' }],
  issued: { 'date-parts': [[2017]] }, 'container-title': 'Advances in Neural Information Processing Systems', page: '5998-6008',
};
export const BOOK: WorkRecord = {
  id: 'title:deeplearning', type: 'book', title: 'Deep learning',
  author: [{ family: 'Goodfellow', given: 'Ian' }, { family: 'Bengio', given: 'Yoshua' }, { family: 'Courville', given: 'Aaron' }],
  issued: { 'date-parts': [[2016]] }, publisher: 'MIT Press', 'publisher-place': 'Cambridge, MA',
};
/** Two works by the same author in the same year: author-date styles must tell them apart. */
export const SAME_YEAR_A: WorkRecord = {
  id: 'title:zetafunctions', type: 'article-journal', title: 'Zeta functions of graphs', author: [{ family: 'Smith', given: 'John' }],
  issued: { 'date-parts': [[2020]] }, 'container-title': 'Journal of Graph Theory', volume: '12', page: '1-20',
};
export const SAME_YEAR_B: WorkRecord = {
  id: 'title:alphafunctions', type: 'article-journal', title: 'Alpha functions of trees', author: [{ family: 'Smith', given: 'John' }],
  issued: { 'date-parts': [[2020]] }, 'container-title': 'Journal of Graph Theory', volume: '13', page: '21-40',
};

export const CITE_LIBRARY: WorkRecord[] = [PREPRINT, JOURNAL, CONFERENCE, BOOK, SAME_YEAR_A, SAME_YEAR_B];

import { describe, expect, it } from 'vitest';
import { parseReference, parseReferenceFields, publicationYear } from '../../shared/references/parse-reference';
import weights from '../../shared/references/reference-labeller.json';

describe('parseReferenceFields (plain reference strings)', () => {
  it('reads "Authors. Title. Venue, year." entries', () => {
    expect(parseReferenceFields('Osbert Bastani, Yewen Pu, and Armando Solar-Lezama. Verifiable Reinforcement Learning Via Policy Extraction. In Advances in Neural Information Processing Systems, pages 2494–2504, 2018.')).toMatchObject({
      authors: ['Osbert Bastani', 'Yewen Pu', 'Armando Solar-Lezama'],
      title: 'Verifiable Reinforcement Learning Via Policy Extraction',
      year: 2018,
    });
  });

  it('does not take a year from an arXiv id, a DOI or a URL', () => {
    const fields = parseReferenceFields('Ulrich Aïvodji, Hiromi Arai, and Alain Tapp. Fairwashing: the Risk of Rationalization. arXiv preprint arXiv:1901.09749, 2019. URL: https://arxiv.org/pdf/1901.09749.pdf.');
    expect(fields).toMatchObject({ year: 2019, arxivId: '1901.09749', venue: 'arXiv preprint' });
    expect(publicationYear('J. Doe. A title. CHI, doi:10.1145/2018.1234, 2017.')).toBe(2017);
    expect(publicationYear('No year here.')).toBeUndefined();
  });

  it('does not read a year from the head of an article number such as 2015GB005289 (AGU, Copernicus)', () => {
    const entry = 'Tagliabue, A., Aumont, O., and Yool, A.: How well do global ocean biogeochemistry models simulate dissolved iron distributions?, Global Biogeochemical Cycles, 30, 149–174, doi:10.1002/2015GB005289, 2015GB005289, 2016.';
    expect(parseReferenceFields(entry).year).toBe(2016);
  });

  it('reads containers without volume, pages or publisher, and title-less physics entries', () => {
    expect(parseReferenceFields('L. Breiman. Random forests. Machine learning, 45(1):5–32, 2001.')).toMatchObject({ title: 'Random forests', venue: 'Machine learning', year: 2001 });
    expect(parseReferenceFields('Angela Fan, Yacine Jernite, and Michael Auli. 2019. ELI5: Long form question answering. In Association for Computational Linguistics (ACL), pages 3558–3567.')).toMatchObject({ title: 'ELI5: Long form question answering', venue: 'Association for Computational Linguistics (ACL)', year: 2019 });
    const physics = parseReferenceFields('I. Belolaptikov et al. Astropart. Phys. 7 (1997) 263.');
    expect(physics).toMatchObject({ venue: 'Astropart. Phys.', year: 1997 });
    expect(physics.title).toBeUndefined();
  });

  it('reads quoted titles (IEEE style) and author-year entries', () => {
    expect(parseReferenceFields('A. Sinha and U. Azad, “Qubit routing with GNNs,” Phys. Rev. A, vol. 3, 2021.')).toMatchObject({ authors: ['A. Sinha', 'U. Azad'], title: 'Qubit routing with GNNs', year: 2021 });
    expect(parseReferenceFields('Breiman, L. (2001). Random forests. Machine learning, 45(1).')).toMatchObject({ title: 'Random forests', year: 2001 });
  });
});

describe('parseReference (CSL-JSON-shaped record from the learned labeller)', () => {
  it('reads volume, issue, pages, DOI and the kind of work of a journal article', () => {
    const record = parseReference('Bergk, V., Haefeli, W. E., Gasse, C. Information deficits in the summary of product characteristics. European Journal of Clinical Pharmacology 61(5), 327–335 (2005). doi:10.1007/s00228-005-0943-4');
    expect(record).toMatchObject({
      type: 'article-journal',
      author: [{ family: 'Bergk', given: 'V.' }, { family: 'Haefeli', given: 'W. E.' }, { family: 'Gasse', given: 'C.' }],
      'container-title': 'European Journal of Clinical Pharmacology',
      issued: { 'date-parts': [[2005]] },
      volume: '61',
      issue: '5',
      page: '327-335',
      DOI: '10.1007/s00228-005-0943-4',
    });
    expect(record.title).toMatch(/^Information deficits in the summary/);
  });

  it('reads a conference paper, a book with its publisher, and an arXiv id in old form', () => {
    expect(parseReference('Angela Fan, Yacine Jernite, and Michael Auli. 2019. ELI5: Long form question answering. In Proceedings of the 57th Annual Meeting of the ACL, pages 3558–3567.')).toMatchObject({ type: 'paper-conference', page: '3558-3567' });
    expect(parseReference('C. M. Bishop. Pattern Recognition and Machine Learning. Springer, New York, 2006.')).toMatchObject({ type: 'book', title: 'Pattern Recognition and Machine Learning', publisher: 'Springer' });
    expect(parseReference('F. Berruto, L. Giusti, C. Hoelbling and C. Rebbi, Phys. Rev. D 65, 094516 (2002) [hep-lat/0201010].')).toMatchObject({ arxiv: 'hep-lat/0201010', volume: '65', 'container-title': 'Phys. Rev. D' });
  });

  it('ships weights under 2 MB that say where they come from', () => {
    const file = JSON.stringify(weights);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    expect(weights.source).toMatch(/dev halves/);
  });
});

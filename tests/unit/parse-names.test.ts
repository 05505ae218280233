import { describe, expect, it } from 'vitest';
import { formatName, leadingGroupAuthor, parseNames } from '../../shared/references/parse-names';
import { parseReference } from '../../shared/references/parse-reference';

describe('parseNames (one name parser for authors and editors)', () => {
  it('reads "Given Family" lists with "and", particles and "et al."', () => {
    expect(parseNames('Osbert Bastani, Yewen Pu, and Armando Solar-Lezama')).toEqual([
      { given: 'Osbert', family: 'Bastani' }, { given: 'Yewen', family: 'Pu' }, { given: 'Armando', family: 'Solar-Lezama' },
    ]);
    expect(parseNames('Ludwig van Beethoven and J. M. Smith et al.')).toEqual([{ given: 'Ludwig', family: 'van Beethoven' }, { given: 'J. M.', family: 'Smith' }]);
  });

  it('pairs "Family, Initials" lists and reads semicolon lists', () => {
    expect(parseNames('Breiman, L., Chin, W.-S., and Fan, R.-E.')).toEqual([
      { family: 'Breiman', given: 'L.' }, { family: 'Chin', given: 'W.-S.' }, { family: 'Fan', given: 'R.-E.' },
    ]);
    expect(parseNames('Bergk, V.; Haefeli, W. E.')).toEqual([{ family: 'Bergk', given: 'V.' }, { family: 'Haefeli', given: 'W. E.' }]);
    expect(parseNames('Nichols, Bill.')).toEqual([{ family: 'Nichols', given: 'Bill.' }]);
  });

  it('reads Vancouver "Family GI" names and drops editor marks', () => {
    expect(parseNames('Smith JM, Jones AB')).toEqual([{ family: 'Smith', given: 'JM' }, { family: 'Jones', given: 'AB' }]);
    expect(parseNames('M. Renov (eds.)').map(formatName)).toEqual(['M. Renov']);
    expect(parseNames('')).toEqual([]);
  });

  it('reads comma-less "Family I. J." names (MNRAS, A&A): every trailing initial is given, hyphenated ones too', () => {
    expect(parseNames('Barnes S. A.')).toEqual([{ family: 'Barnes', given: 'S. A.' }]);
    expect(parseNames('Bailer-Jones C. A. L., Rybizki J.')).toEqual([{ family: 'Bailer-Jones', given: 'C. A. L.' }, { family: 'Rybizki', given: 'J.' }]);
    expect(parseNames('Ting Y.-S., Cui X.-Q.')).toEqual([{ family: 'Ting', given: 'Y.-S.' }, { family: 'Cui', given: 'X.-Q.' }]);
    expect(parseNames('van Saders J. L.')).toEqual([{ family: 'van Saders', given: 'J. L.' }]);
    // Given names first stay as they were.
    expect(parseNames('Osbert Bastani and A. Sinha')).toEqual([{ family: 'Bastani', given: 'Osbert' }, { family: 'Sinha', given: 'A.' }]);
    expect(parseNames('J.-P. Serre')).toEqual([{ family: 'Serre', given: 'J.-P.' }]);
  });

  it('a family name in capitals before its initials ("WANG X N", "BRUECK L.") is the family, not initials; a name opening with an initial is no family', () => {
    expect(parseNames('Heiselberg H, WANG X N')).toEqual([{ family: 'Heiselberg', given: 'H' }, { family: 'WANG', given: 'X N' }]);
    expect(parseNames('BRUECK L.')).toEqual([{ family: 'BRUECK', given: 'L.' }]);
    expect(parseNames('LIANG Z T')).toEqual([{ family: 'LIANG', given: 'Z T' }]);
    expect(parseNames('A. Kolmogoroff, C. R.')[0]).toEqual({ family: 'Kolmogoroff', given: 'A.' });
    // Initials in capitals after a comma still read as a family and its initials.
    expect(parseNames('Breiman, L., Chin, W.-S.')).toEqual([{ family: 'Breiman', given: 'L.' }, { family: 'Chin', given: 'W.-S.' }]);
    expect(parseNames('Smith, JM')).toEqual([{ family: 'Smith', given: 'JM' }]);
  });

  it('a group run into the first person\'s name with no comma (MNRAS: "Gaia Collaboration Prusti T.") is a name of its own; a group alone is one family name', () => {
    expect(parseNames('Gaia Collaboration Prusti T., de Bruijne J. H. J.')).toEqual([{ family: 'Gaia Collaboration' }, { family: 'Prusti', given: 'T.' }, { family: 'de Bruijne', given: 'J. H. J.' }]);
    expect(parseNames('Astropy Collaboration Robitaille T. P.')).toEqual([{ family: 'Astropy Collaboration' }, { family: 'Robitaille', given: 'T. P.' }]);
    expect(parseNames('The Theano Development Team')).toEqual([{ family: 'The Theano Development Team' }]);
    // Groups that sign together are one name, not two people split at "and".
    expect(parseNames('BICEP2/Keck Array and Planck Collaborations')).toEqual([{ family: 'BICEP2/Keck Array and Planck Collaborations' }]);
    expect(parseNames('Smith J. and Jones K.')).toEqual([{ family: 'Smith', given: 'J.' }, { family: 'Jones', given: 'K.' }]);
    expect(parseNames('Osbert Bastani')).toEqual([{ family: 'Bastani', given: 'Osbert' }]);
  });

  it('a group that opens an author list is its first author, in the CSL record too', () => {
    expect(leadingGroupAuthor('Gaia Collaboration, Prusti, T., de Bruijne, J. H. J., et al. 2016', ['Prusti'])).toBe('Gaia Collaboration');
    expect(leadingGroupAuthor('John Smith, Jane Doe. A title. 2020', ['Smith', 'Doe'])).toBeNull(); // a name the list has
    expect(leadingGroupAuthor('J. Smith, A title. 2020', ['Smith'])).toBeNull(); // an initial: a person
    const record = parseReference('Gaia Collaboration, Prusti, T., de Bruijne, J. H. J., et al. 2016, Astronomy and Astrophysics, 595, A1');
    expect(record.author?.[0]).toEqual({ family: 'Gaia Collaboration' });
    expect(record.author?.slice(1, 2)).toEqual([{ family: 'Prusti', given: 'T.' }]);
  });
});

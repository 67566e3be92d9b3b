import { recipientHash, recipientKey } from './recipient';

describe('recipientKey', () => {
  it('lower-cases and trims', () => {
    expect(recipientKey('  Ana.Silva@Example.ORG ')).toBe('ana.silva@example.org');
  });

  it('drops a +tag on every domain', () => {
    for (const domain of ['gmail.com', 'outlook.com', 'icloud.com', 'uni.example.edu']) {
      expect(recipientKey(`name+1@${domain}`)).toBe(`name@${domain}`);
      expect(recipientKey(`NAME+two+three@${domain.toUpperCase()}`)).toBe(`name@${domain}`);
    }
  });

  it('keeps dots except where the provider ignores them', () => {
    expect(recipientKey('first.last@gmail.com')).toBe('firstlast@gmail.com');
    expect(recipientKey('First.Last+x@GoogleMail.com')).toBe('firstlast@gmail.com');
    expect(recipientKey('first.last@outlook.com')).toBe('first.last@outlook.com');
    expect(recipientKey('first.last@uni.example.edu')).toBe('first.last@uni.example.edu');
  });

  it('leaves a leading + and odd shapes alone', () => {
    expect(recipientKey('+tag@example.org')).toBe('+tag@example.org');
    expect(recipientKey('no-at-sign')).toBe('no-at-sign');
    expect(recipientKey('a@b@example.org')).toBe('a@b@example.org');
  });

  it('keeps distinct mailboxes distinct', () => {
    expect(recipientKey('name@example.org')).not.toBe(recipientKey('name@example.com'));
    expect(recipientKey('name1@gmail.com')).not.toBe(recipientKey('name@gmail.com'));
    expect(recipientKey('na-me@example.org')).not.toBe(recipientKey('name@example.org'));
  });
});

describe('recipientHash', () => {
  it('is one value per recipient and holds no address', () => {
    const one = recipientHash('name+1@gmail.com');
    expect(recipientHash('NAME+2@googlemail.com')).toBe(one);
    expect(recipientHash('n.ame@gmail.com')).toBe(one);
    expect(one).toMatch(/^[0-9a-f]{40}$/);
    expect(recipientHash('other@gmail.com')).not.toBe(one);
  });
});

import { describe, expect, it } from 'vitest';
import { pullRequestUrl } from '../../core/git/pull-request-url.js';

describe('the hosting site\'s "open a pull request" link', () => {
  it.each([
    ['https://github.com/acme/site.git', 'https://github.com/acme/site/compare/main...edits/spring?expand=1'],
    ['git@github.com:acme/site.git', 'https://github.com/acme/site/compare/main...edits/spring?expand=1'],
    ['ssh://git@github.com/acme/site', 'https://github.com/acme/site/compare/main...edits/spring?expand=1'],
    ['https://user@GitHub.com/acme/site/', 'https://github.com/acme/site/compare/main...edits/spring?expand=1'],
    ['https://gitlab.com/group/sub/site.git',
      'https://gitlab.com/group/sub/site/-/merge_requests/new?merge_request[source_branch]=edits%2Fspring&merge_request[target_branch]=main'],
    ['git@gitlab.com:group/site.git',
      'https://gitlab.com/group/site/-/merge_requests/new?merge_request[source_branch]=edits%2Fspring&merge_request[target_branch]=main'],
    ['https://bitbucket.org/team/site.git', 'https://bitbucket.org/team/site/pull-requests/new?source=edits%2Fspring&dest=main'],
    ['git@bitbucket.org:team/site.git', 'https://bitbucket.org/team/site/pull-requests/new?source=edits%2Fspring&dest=main'],
    ['https://codeberg.org/acme/site.git', 'https://codeberg.org/acme/site/compare/main...edits/spring'],
    ['git@gitea.com:acme/site.git', 'https://gitea.com/acme/site/compare/main...edits/spring'],
    ['ssh://git@forgejo.example.org:2222/acme/site.git', 'https://forgejo.example.org/acme/site/compare/main...edits/spring'],
    ['https://gitea.example.com/acme/site', 'https://gitea.example.com/acme/site/compare/main...edits/spring'],
    ['https://gitlab.example.com/group/site.git',
      'https://gitlab.example.com/group/site/-/merge_requests/new?merge_request[source_branch]=edits%2Fspring&merge_request[target_branch]=main'],
  ])('%s → %s', (remote, expected) => {
    expect(pullRequestUrl(remote, 'main', 'edits/spring')).toBe(expected);
  });

  it.each([
    ['/srv/git/site.git'], ['file:///srv/git/site.git'], ['https://git.example.com/acme/site.git'],
    ['https://github.com/acme'], ['https://github.com/acme/site/extra'], ['git@github.com:acme/../site.git'],
  ])('offers no link for %s (a local path, another host or no repository path)', (remote) => {
    expect(pullRequestUrl(remote, 'main', 'edits')).toBeUndefined();
  });

  it('encodes branch names so a query or a fragment cannot be smuggled in', () => {
    expect(pullRequestUrl('https://github.com/acme/site', 'main', 'a#b?c'))
      .toBe('https://github.com/acme/site/compare/main...a%23b%3Fc?expand=1');
  });
});

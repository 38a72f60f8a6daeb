import { describe, expect, it } from 'vitest';
import { dropBootShell } from './boot-shell';

describe('dropBootShell', () => {
  it("takes index.html's frame and its marker away, and does nothing when there is none", () => {
    const shell = document.createElement('div');
    shell.id = 'boot-shell';
    document.body.append(shell);
    document.documentElement.dataset.boot = '';
    dropBootShell();
    expect(document.getElementById('boot-shell')).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(() => dropBootShell()).not.toThrow();
  });
});

/**
 * The language server's checked files: each rules file's fragment (parsed with its positions and
 * checked against the schema: loadSpecFile) kept with the text it was read from, so a check after
 * a change parses and schema-checks only the files whose text changed. A fragment depends on its
 * own text alone, and nothing a check does writes into it (test/lsp/incremental.test.ts), so one
 * read from the same text is the same fragment.
 */
import { MAX_FILE_BYTES } from '../limits.ts';
import { readTextFile } from '../file-io.ts';
import { loadSpecFile, type FragmentLoader, type LoadedFragment } from '../loader/load-folder.ts';

export class FragmentCache {
  private readonly kept = new Map<string, { text: string; fragment: LoadedFragment }>();
  /** files parsed, and files handed back as kept, since the cache was made (for tests and the bench) */
  parsed = 0;
  reused = 0;

  /** loadSpecFile through the cache: `text` is the open buffer, else the file is read from the disk */
  readonly load: FragmentLoader = (path, text) => {
    const now = text ?? readable(path);
    // a file that cannot be read is not kept: loadSpecFile says why, every time
    if (now === undefined) return loadSpecFile(path);
    const known = this.kept.get(path);
    if (known !== undefined && known.text === now) {
      this.reused++;
      return known.fragment;
    }
    const fragment = loadSpecFile(path, now);
    this.kept.set(path, { text: now, fragment });
    this.parsed++;
    return fragment;
  };
}

function readable(path: string): string | undefined {
  try {
    return readTextFile(path, MAX_FILE_BYTES);
  } catch {
    return undefined;
  }
}

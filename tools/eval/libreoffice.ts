/** LibreOffice for the evals that print .docx files to PDF: the command that runs it, and one run that prints many files. */
import { execFileSync } from 'node:child_process';

/** The LibreOffice command on this machine ("soffice", or "libreoffice" where only that name is installed), or null. */
export function sofficeOrNull(): string | null {
  for (const candidate of ['soffice', 'libreoffice']) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * Prints .docx files to PDF into `outdir`, each under its own name, in one LibreOffice run (starting it is most of the
 * cost), with a profile of its own in `profileDir`, so a LibreOffice already running (another eval, the e2e test) does
 * not refuse it.
 */
export function printDocxToPdf(soffice: string, files: readonly string[], outdir: string, profileDir: string): void {
  execFileSync(soffice, [`-env:UserInstallation=file://${profileDir}`, '--headless', '--convert-to', 'pdf', '--outdir', outdir, ...files], { stdio: 'ignore', timeout: 600_000 });
}

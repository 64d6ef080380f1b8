import { execFileSync } from 'node:child_process';

/** The cluster's instances serve dist/: one build before the spec. */
export default function build(): void {
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
}

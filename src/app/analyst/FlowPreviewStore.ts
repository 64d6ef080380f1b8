/**
 * The analyst's live preview (issue 32): one flow, loaded by the engine from the app's own flow
 * files with one rule file or limits.json replaced by the text typed in the browser. The form is
 * the engine's FlowStore over that catalog; what fires, the examples and the server's check
 * (checkSubmission, what every submit route runs) are the engine's own functions. Nothing leaves
 * the browser: the changed file is given back as a download.
 */
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { checkSubmission, type SchemaValidator } from '../../engine/core/check-data';
import type { FlowStore } from '../../engine/core/flow-store';
import { type FlowCatalog, type FlowSources, type LoadedFlow, loadFlowCatalog } from '../../engine/core/load';
import { checkRuleExamples, type ExampleCheck, expandExampleData } from '../../engine/core/rule-examples';
import { type CompiledRule, evaluateRules, type RuleEngine } from '../../engine/core/rules';
import type { RuleExample, RulesFile, RuleVerdict } from '../../engine/core/types';

export const LIMITS_FILE = 'limits.json';

export interface PreviewDeps {
  sources: FlowSources;
  ruleEngine: RuleEngine;
  validate: SchemaValidator;
  /** A FlowStore over the previewed flow that books nothing. */
  createFlowStore(flow: LoadedFlow, limits: FlowCatalog['limits']): FlowStore;
}

export interface SampleChoice {
  key: string;
  label: string;
  data: Record<string, unknown>;
}

const pretty = (json: unknown) => `${JSON.stringify(json, null, 2)}\n`;

export class FlowPreviewStore {
  /** Edited text by file name (limits.json, <name>.rules.json); an untouched file is absent. */
  texts: Record<string, string> = {};
  fileName = LIMITS_FILE;
  catalog: FlowCatalog;
  /** Why the typed text is not in force (bad JSON, a rule that does not load); null when it is. */
  editError: string | null = null;
  flowStore: FlowStore;

  constructor(
    private readonly deps: PreviewDeps,
    readonly flowId: string,
  ) {
    this.catalog = loadFlowCatalog(deps.sources, { ruleEngine: deps.ruleEngine }).catalog;
    this.flowStore = deps.createFlowStore(this.flow, this.catalog.limits);
    makeObservable(this, {
      texts: observableRef,
      fileName: observable,
      catalog: observableRef,
      editError: observable,
      flowStore: observableRef,
      flow: computed,
      text: computed,
      changed: computed,
      firing: computed,
      examples: computed,
      serverCheck: computed,
      chooseFile: action,
      edit: action,
      loadSample: action,
    });
  }

  get flow(): LoadedFlow {
    const flow = this.catalog.flows.find((f) => f.id === this.flowId);
    if (!flow) throw new Error(`No flow ${this.flowId}`);
    return flow;
  }

  /** The rules of the flow (its steps' and its submit summary's), in order. */
  get rules(): CompiledRule[] {
    return [...this.flow.steps.flatMap((s) => s.compiledRules), ...this.flow.summaryRules];
  }

  /** limits.json and every rule file one of the flow's rules is written in. */
  get files(): string[] {
    const ids = new Set(this.rules.map((r) => r.id));
    const ruleFiles = Object.entries(this.deps.sources.rules)
      .filter(([, json]) => ((json as RulesFile).rules ?? []).some((r) => ids.has(r.id)))
      .map(([file]) => file);
    return [LIMITS_FILE, ...ruleFiles];
  }

  private original(file: string): unknown {
    return file === LIMITS_FILE ? this.deps.sources.limits : this.deps.sources.rules[file];
  }

  /** The text in the editor: as typed, or the file as the app has it. */
  get text(): string {
    return this.texts[this.fileName] ?? pretty(this.original(this.fileName));
  }

  /** Files whose typed text differs from the app's. */
  get changed(): string[] {
    return Object.keys(this.texts).filter((f) => this.texts[f] !== pretty(this.original(f)));
  }

  chooseFile(file: string): void {
    this.fileName = file;
  }

  /** The editor's text changed: load the flow again with it; bad text leaves the last good catalog in force. */
  edit(text: string): void {
    this.texts = { ...this.texts, [this.fileName]: text };
    let sources: FlowSources;
    try {
      sources = this.sourcesWithEdits();
    } catch (e) {
      this.editError = `${this.fileName} is not valid JSON: ${(e as Error).message}`;
      return;
    }
    let loaded: ReturnType<typeof loadFlowCatalog>;
    try {
      loaded = loadFlowCatalog(sources, { ruleEngine: this.deps.ruleEngine });
    } catch (e) {
      this.editError = `The rules do not load: ${(e as Error).message}`;
      return;
    }
    const problem = loaded.problems[0];
    if (problem || !loaded.catalog.flows.some((f) => f.id === this.flowId)) {
      this.editError = problem
        ? `${problem.file} ${problem.path}: ${problem.message} (${problem.fix})`
        : 'The flow does not load with this text.';
      return;
    }
    this.editError = null;
    this.catalog = loaded.catalog;
    const data = this.flowStore.data;
    this.flowStore = this.deps.createFlowStore(this.flow, this.catalog.limits);
    this.flowStore.setSections(data);
  }

  private sourcesWithEdits(): FlowSources {
    const { sources } = this.deps;
    const rules = { ...sources.rules };
    let limits = sources.limits;
    for (const [file, text] of Object.entries(this.texts)) {
      const json: unknown = JSON.parse(text);
      if (file === LIMITS_FILE) limits = json;
      else rules[file] = json;
    }
    return { ...sources, rules, limits };
  }

  /** Every rule verdict for the form's data as it stands (all kinds, per item for forEach rules). */
  get firing(): RuleVerdict[] {
    return evaluateRules(this.rules, this.flowStore.data, this.catalog.limits);
  }

  /** The flow's rules' examples, run against the rules and limits as typed. */
  get examples(): ExampleCheck {
    return checkRuleExamples(
      this.rules.map((r, index) => [r, { file: '', index }] as const),
      this.catalog.limits,
    );
  }

  /** What the server would answer a submit of this data: checkSubmission, as the submit routes run it. */
  get serverCheck() {
    return checkSubmission(
      this.flow,
      this.flowStore.submission.body,
      this.deps.validate,
      this.catalog.limits,
    );
  }

  /** Data to start from: every rule's examples; the first is all the "does not fire" examples together. */
  get samples(): SampleChoice[] {
    // A summary's quiet example is "nothing to sum up": it would empty what the others fill in.
    const quiet = this.rules
      .filter((r) => r.kind !== 'summary')
      .flatMap((r) => (r.examples?.doesNotFire ?? []).slice(0, 1))
      .filter((e) => !JSON.stringify(e.data).includes('$series'));
    const together = quiet.reduce<Record<string, unknown>>((acc, e) => mergeSections(acc, dataOf(e)), {});
    const one = (
      r: CompiledRule,
      kind: 'fires' | 'doesNotFire',
      e: RuleExample,
      i: number,
    ): SampleChoice => ({
      key: `${r.id}/${kind}/${i}`,
      label: `${r.id}: ${kind === 'fires' ? 'fires' : 'does not fire'}, ${e.title}`,
      data: dataOf(e),
    });
    return [
      {
        key: 'together',
        label: 'Every rule quiet (the examples that must not fire, together)',
        data: together,
      },
      ...this.rules.flatMap((r) => [
        ...(r.examples?.fires ?? []).map((e, i) => one(r, 'fires', e, i)),
        ...(r.examples?.doesNotFire ?? []).map((e, i) => one(r, 'doesNotFire', e, i)),
      ]),
    ];
  }

  loadSample(key: string): void {
    const sample = this.samples.find((s) => s.key === key);
    if (!sample) return;
    this.flowStore.reset();
    this.flowStore.setSections(mergeSections(this.flowStore.data, sample.data));
  }

  /** The file to put in a pull request: the text as typed. */
  get download(): { name: string; text: string } {
    return { name: this.fileName, text: this.text };
  }
}

const dataOf = (e: RuleExample) => (expandExampleData(e.data) ?? {}) as Record<string, unknown>;

/** Section by section: an object section's fields are merged, anything else replaced. */
function mergeSections(
  into: Record<string, unknown>,
  from: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const before = out[key];
    const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
    out[key] = isObject(before) && isObject(value) ? { ...(before as object), ...(value as object) } : value;
  }
  return out;
}

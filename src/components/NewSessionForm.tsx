"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";
import {
  formSuite,
  seedHint,
  sessionPlan,
  suiteOptionLabel,
  type FormSuite,
  type NewSessionPrefill,
  type Parsed,
  type SuiteOption,
} from "@/domain/forms/newSession";
import { fieldLabels } from "@/domain/messages/issues";
import { adaptiveSummaryText, studyPlanFields } from "@/domain/forms/studyPlan";
import { CalibrationOption } from "./Calibration";
import { PinDevices } from "./PinDevices";
import { ErrorNotice } from "./ErrorNotice";
import type { CreateSessionRequest } from "@/domain/protocol";
import { CALIBRATION_REPEATS } from "@/domain/sessions/calibration";
import type { TaskGroup } from "@/domain/suite/schema";

const WORDS = {
  thing: "the session",
  invalid: "The session was not queued: fix the fields below and press Queue again.",
};
/** The form's names for the request's fields, so a server-side problem names what the user sees. */
const LABELS = fieldLabels({
  name: "Name",
  configs: "Harness configs",
  tasks: "Tasks",
  repeats: "Repeats",
  leaseSeconds: "Lease seconds",
  maxAttempts: "Max attempts",
  notes: "Notes",
  devices: "Devices",
  suite: "The suite",
  seed: "Seed",
  plan: "Pre-registered plan",
  adaptive: "Adaptive repeats",
});

/** The sentence beside a number field, when what was typed is not a valid value. */
function FieldError({ field, id }: { field: Parsed; id: string }) {
  return field.ok ? null : (
    <div className="field-error" id={id} data-testid={id} role="alert">
      {field.error}
    </div>
  );
}

/** A labelled number typed as text (checked as typed), with its error below it. */
function NumberField(p: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  field: Parsed;
  width: number;
  testId: string;
  decimal?: boolean;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <>
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id}
        type="text"
        inputMode={p.decimal ? "decimal" : "numeric"}
        value={p.value}
        disabled={p.disabled}
        title={p.title}
        onChange={(e) => p.onChange(e.target.value)}
        aria-invalid={!p.field.ok}
        aria-describedby={`${p.id}-error`}
        style={{ width: p.width }}
        data-testid={p.testId}
      />
      <FieldError field={p.field} id={`${p.id}-error`} />
    </>
  );
}

const GROUPS = [
  { id: "no_files", label: "No files needed" },
  { id: "files", label: "File tasks" },
  { id: "multi_step", label: "Multi-step" },
] satisfies { id: TaskGroup; label: string }[];

export function NewSessionForm({
  suites,
  suite: initialSuite,
  initial,
}: {
  /** Every stored suite, newest version of each, for the picker. */
  suites: SuiteOption[];
  /** The suite the form opens with, its tasks and configs. */
  suite: FormSuite;
  /** From the address (`?calibration=1&config=<id>`, a rerun's `?suite=…&seed=…`): what the form opens with. */
  initial: NewSessionPrefill;
}) {
  const router = useRouter();
  // Picking another suite loads its tasks and configs here; what was typed (name, notes, numbers) stays.
  const [suite, setSuite] = useState(initialSuite);
  const [loadingSuite, setLoadingSuite] = useState<string | null>(null);
  const [suiteError, setSuiteError] = useState<string | null>(null);
  const { tasks, configs } = suite;
  // A link that opens a calibration of one config names the session after it; the researcher can change it.
  const [name, setName] = useState(
    initial.calibration && initial.configs.length === 1 ? `A/A calibration: ${initial.configs[0]}` : "",
  );
  const [mode, setMode] = useState<"all" | "groups" | "pick">(initial.tasks ? "pick" : "all");
  const [groups, setGroups] = useState<TaskGroup[]>(GROUPS.map((g) => g.id));
  const [picked, setPicked] = useState<string[]>(initial.tasks ?? []);
  const [chosenConfigs, setChosenConfigs] = useState<string[]>(initial.configs);
  // Raw text, not numbers: Number("") is 0, which snapped a cleared field to 0 while typing.
  const [repeats, setRepeats] = useState(initial.repeats ?? (initial.calibration ? String(CALIBRATION_REPEATS) : "3"));
  const [trial, setTrial] = useState(initial.trial && !initial.calibration);
  const [calibration, setCalibration] = useState(initial.calibration);
  const [order, setOrder] = useState<"interleaved" | "blocked">(initial.order);
  const [seed, setSeed] = useState(initial.seed);
  const [leaseSeconds, setLeaseSeconds] = useState("120");
  const [maxAttempts, setMaxAttempts] = useState("3");
  const [notes, setNotes] = useState("");
  const [pinned, setPinned] = useState<string[]>([]);
  // Issues 36.2–36.3: a pre-registered plan (a, b, α) and adaptive repeats between two bounds.
  const [preregister, setPreregister] = useState(initial.plan !== null);
  const [adaptive, setAdaptive] = useState(initial.plan !== null && initial.adaptive !== null);
  const [planA, setPlanA] = useState(initial.plan?.a ?? "");
  const [planB, setPlanB] = useState(initial.plan?.b ?? "");
  const [alpha, setAlpha] = useState(initial.plan?.alpha ?? "0.05");
  const [minRepeats, setMinRepeats] = useState(initial.adaptive?.min ?? "1");
  const [maxRepeats, setMaxRepeats] = useState(initial.adaptive?.max ?? "3");
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  async function pickSuite(id: string) {
    if (id === suite.id) return;
    setLoadingSuite(id);
    setSuiteError(null);
    try {
      const next = formSuite((await call(dashboard.getSuite, { params: { id } })).suite);
      setSuite(next);
      // Keep the ticks that still mean something in the new suite; the rest are dropped, not hidden.
      setChosenConfigs((cs) => cs.filter((c) => next.configs.some((x) => x.id === c)));
      setPicked((ps) => ps.filter((p) => next.tasks.some((t) => t.id === p)));
    } catch (err) {
      setSuiteError(
        `Suite ${id} could not be loaded (${err instanceof ApiError ? err.message : "no answer"}); the form still shows ${suite.id}. Pick it again to retry.`,
      );
    } finally {
      setLoadingSuite(null);
    }
  }

  const toggle = <T,>(list: T[], id: T) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  // A calibration runs one config an even number of times, and is no trial: ticking it keeps the
  // first ticked config and the default even repeats.
  const setCalibrationOn = (on: boolean) => {
    setCalibration(on);
    if (!on) return;
    setTrial(false);
    setChosenConfigs(chosenConfigs.slice(0, 1));
    setRepeats(String(CALIBRATION_REPEATS));
  };
  const taskCount =
    mode === "all"
      ? tasks.length
      : mode === "groups"
        ? tasks.filter((t) => groups.includes(t.group)).length
        : picked.length;
  // The pair defaults to the first two ticked configs until the researcher picks one.
  const a = planA || chosenConfigs[0] || "";
  const b = planB || chosenConfigs.find((c) => c !== a) || "";
  const study = studyPlanFields({
    preregister,
    adaptive,
    a,
    b,
    alpha,
    minRepeats,
    maxRepeats,
    configs: chosenConfigs,
  });
  const plan = sessionPlan({
    name,
    taskCount,
    taskMode: mode,
    configCount: chosenConfigs.length,
    trial: trial && !adaptive,
    calibration,
    // An adaptive session queues its minimum now: the button counts those jobs.
    repeats: adaptive ? minRepeats : repeats,
    leaseSeconds,
    maxAttempts,
    seed,
  });
  const { fields } = plan;
  const blockers = [
    ...plan.blockers,
    ...study.blockers,
    ...(calibration && (preregister || adaptive)
      ? ["An A/A calibration has no comparison to pre-register: untick the plan or the calibration."]
      : []),
  ];
  const summary =
    adaptive && study.minRepeats.ok && study.maxRepeats.ok
      ? `${plan.summary.replace(/ × [^×]*$/, "")} · ${adaptiveSummaryText(taskCount, chosenConfigs.length, study.minRepeats.value, study.maxRepeats.value)}`
      : plan.summary;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (
      blockers.length ||
      loadingSuite !== null ||
      !fields.repeats.ok ||
      !fields.leaseSeconds.ok ||
      !fields.maxAttempts.ok ||
      !plan.seed.ok
    )
      return;
    setBusy(true);
    setError(null);
    try {
      const body: CreateSessionRequest = {
        name,
        suite: suite.id,
        configs: chosenConfigs,
        ...(adaptive ? {} : { repeats: fields.repeats.value }),
        trial: trial && !adaptive,
        calibration,
        order,
        ...(plan.seed.value !== null ? { seed: plan.seed.value } : {}),
        leaseSeconds: fields.leaseSeconds.value,
        maxAttempts: fields.maxAttempts.value,
        tasks: mode === "all" ? ("all" as const) : mode === "groups" ? { groups } : picked,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        ...(pinned.length ? { devices: pinned } : {}),
        ...study.request,
      };
      const { session } = await call(dashboard.createSession, { json: body });
      router.push(`/sessions/${session.id}`);
    } catch (err) {
      setError(
        err instanceof ApiError ? err : new ApiError(0, "unknown", "The session could not be created; try again."),
      );
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} data-testid="new-session-form">
      <div className="panel">
        <label htmlFor="suite">
          Suite{" "}
          <span className="hint">
            every stored suite, newest version; import one on the{" "}
            <a href="/suite" data-testid="suite-import-link">
              Suite page
            </a>
          </span>
        </label>
        <select
          id="suite"
          value={loadingSuite ?? suite.id}
          onChange={(e) => pickSuite(e.target.value)}
          disabled={loadingSuite !== null}
          data-testid="suite-picker"
          style={{ maxWidth: "100%" }}
        >
          {suites.map((s) => (
            <option key={s.id} value={s.id}>
              {suiteOptionLabel(s)}
            </option>
          ))}
        </select>
        <div className="hint" data-testid="suite-shown" aria-live="polite">
          {loadingSuite !== null
            ? `Loading ${loadingSuite}…`
            : `${suite.name ?? suite.id} v${suite.version}: ${tasks.length} task${tasks.length === 1 ? "" : "s"}, ${configs.length} harness config${configs.length === 1 ? "" : "s"}.`}
        </div>
        {suiteError && (
          <div className="field-error" role="alert" data-testid="suite-error">
            {suiteError}
          </div>
        )}

        <label htmlFor="name">Name</label>
        <input
          id="name"
          type="text"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Step 3b: worked examples"
          data-testid="session-name"
        />

        <CalibrationOption checked={calibration} onChange={setCalibrationOn} />

        <label>
          Harness configs{" "}
          <span className="hint">
            {calibration ? "exactly one, run in both arms" : "one column each in every comparison"}
          </span>
        </label>
        <div data-testid="config-options" className="configs-list">
          {configs.map((c) => (
            <label key={c.id} className="inline">
              <input
                // One config for a calibration: radio buttons, so ticking another replaces it.
                type={calibration ? "radio" : "checkbox"}
                name="configs"
                checked={chosenConfigs.includes(c.id)}
                onChange={() => setChosenConfigs(calibration ? [c.id] : toggle(chosenConfigs, c.id))}
                value={c.id}
              />
              <span>
                <b className="mono">{c.id}</b> <span className="muted">{c.label}</span>
              </span>
            </label>
          ))}
        </div>

        <label>Tasks</label>
        <div className="row">
          {(["all", "groups", "pick"] as const).map((m) => (
            <label key={m} className="inline">
              <input type="radio" name="mode" checked={mode === m} onChange={() => setMode(m)} />
              {m === "all"
                ? `All ${tasks.length} task${tasks.length === 1 ? "" : "s"}`
                : m === "groups"
                  ? "By group"
                  : "One by one"}
            </label>
          ))}
        </div>
        {mode === "groups" && (
          <div className="row">
            {GROUPS.map((g) => (
              <label key={g.id} className="inline">
                <input
                  type="checkbox"
                  checked={groups.includes(g.id)}
                  onChange={() => setGroups(toggle(groups, g.id))}
                />{" "}
                {g.label}
              </label>
            ))}
          </div>
        )}
        {mode === "pick" && (
          <div className="checks" data-testid="task-options">
            {tasks.map((t) => (
              <label key={t.id} className="inline" title={t.prompt}>
                <input
                  type="checkbox"
                  checked={picked.includes(t.id)}
                  onChange={() => setPicked(toggle(picked, t.id))}
                  value={t.id}
                />
                <span className="mono" style={{ color: `var(--g-${t.group})` }}>
                  {t.id}
                </span>
                {t.heldOut && <span className="pill">held out</span>}
              </label>
            ))}
          </div>
        )}
      </div>

      <div className="panel">
        <div className="row" style={{ gap: 32, alignItems: "flex-start" }}>
          <div>
            <NumberField
              id="repeats"
              label="Repeats"
              value={adaptive ? maxRepeats : trial ? "1" : repeats}
              disabled={trial || adaptive}
              title={adaptive ? "An adaptive session's repeats is its maximum (set below)" : undefined}
              onChange={setRepeats}
              field={fields.repeats}
              width={80}
              testId="repeats"
            />
            {adaptive && (
              <div className="hint" data-testid="repeats-adaptive">
                the adaptive maximum (below)
              </div>
            )}
          </div>
          <div>
            <label>Trial</label>
            <label className="inline">
              <input
                type="checkbox"
                checked={trial && !adaptive}
                disabled={calibration || adaptive}
                onChange={(e) => setTrial(e.target.checked)}
                data-testid="trial"
              />{" "}
              one repeat, kept out of analytics
            </label>
          </div>
          <div>
            <label htmlFor="order">Order</label>
            <select id="order" value={order} onChange={(e) => setOrder(e.target.value as "interleaved" | "blocked")}>
              <option value="interleaved">Interleaved (seeded shuffle)</option>
              <option value="blocked">Blocked (config by config)</option>
            </select>
            <div className="hint" style={{ maxWidth: 240 }}>
              Interleaving spreads thermal drift and order effects over every config.
            </div>
          </div>
          <div>
            <label htmlFor="seed">
              Seed <span className="hint">optional</span>
            </label>
            <input
              id="seed"
              type="text"
              inputMode="numeric"
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
              placeholder="random"
              aria-invalid={!plan.seed.ok}
              aria-describedby="seed-hint seed-error"
              style={{ width: 120 }}
              data-testid="seed"
            />
            <div className="hint" id="seed-hint" style={{ maxWidth: 240 }} data-testid="seed-hint">
              {seedHint(order)}
            </div>
            {!plan.seed.ok && (
              <div className="field-error" id="seed-error" data-testid="seed-error" role="alert">
                {plan.seed.error}
              </div>
            )}
          </div>
          <div>
            <NumberField
              id="lease"
              label="Lease seconds"
              value={leaseSeconds}
              onChange={setLeaseSeconds}
              field={fields.leaseSeconds}
              width={90}
              testId="lease-seconds"
            />
          </div>
          <div>
            <NumberField
              id="attempts"
              label="Max attempts"
              value={maxAttempts}
              onChange={setMaxAttempts}
              field={fields.maxAttempts}
              width={70}
              testId="max-attempts"
            />
          </div>
        </div>
        <label htmlFor="notes">
          Notes <span className="hint">what changed in this step, build, charging state…</span>
        </label>
        <textarea id="notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>

      <div className="panel" data-testid="plan-section">
        <label className="inline">
          <input
            type="checkbox"
            checked={preregister || adaptive}
            disabled={adaptive}
            onChange={(e) => setPreregister(e.target.checked)}
            data-testid="plan-preregister"
          />{" "}
          <b>Pre-register a plan</b>
        </label>
        <div className="hint">
          The comparison this session is for, locked by a SHA-256 before the first run; every other comparison is
          labelled exploratory.
        </div>
        {(preregister || adaptive) && (
          <div className="row" style={{ gap: 24, alignItems: "flex-start", marginTop: 8 }}>
            <PlanConfig
              id="plan-a"
              label="a (baseline)"
              value={a}
              onChange={setPlanA}
              configs={chosenConfigs}
              need={1}
            />
            <PlanConfig
              id="plan-b"
              label="b (compared with a)"
              value={b}
              onChange={setPlanB}
              configs={chosenConfigs}
              need={2}
            />
            <div>
              <NumberField
                id="plan-alpha"
                label="α"
                value={alpha}
                onChange={setAlpha}
                field={study.alpha}
                width={70}
                testId="plan-alpha"
                decimal
              />
            </div>
            <div style={{ maxWidth: 320 }}>
              <label>Metric and stopping rule</label>
              <div className="hint">
                Pass rate, task-paired; decided when the anytime-valid interval of b − a excludes 0 (betting confidence
                sequence, docs/statistics.md).
              </div>
            </div>
          </div>
        )}
        <label className="inline" style={{ marginTop: 8 }}>
          <input
            type="checkbox"
            checked={adaptive}
            onChange={(e) => setAdaptive(e.target.checked)}
            data-testid="adaptive"
          />{" "}
          <b>Adaptive repeats</b>
        </label>
        <div className="hint">
          Run each task the minimum, then more pairs of a and b only where they still disagree, until the comparison is
          decided or the maximum is reached.
        </div>
        {adaptive && (
          <div className="row" style={{ gap: 24, alignItems: "flex-start", marginTop: 8 }}>
            <div>
              <NumberField
                id="min-repeats"
                label="Minimum repeats"
                value={minRepeats}
                onChange={setMinRepeats}
                field={study.minRepeats}
                width={70}
                testId="min-repeats"
              />
            </div>
            <div>
              <NumberField
                id="max-repeats"
                label="Maximum repeats"
                value={maxRepeats}
                onChange={setMaxRepeats}
                field={study.maxRepeats}
                width={70}
                testId="max-repeats"
              />
            </div>
          </div>
        )}
      </div>

      <PinDevices value={pinned} onChange={setPinned} />

      {error && <ErrorNotice error={error} words={WORDS} label={LABELS} testId="form-error" />}
      <div className="row">
        <button
          className="btn primary"
          disabled={busy || loadingSuite !== null || blockers.length > 0}
          data-testid="create-session"
          aria-describedby="queue-summary"
        >
          {busy ? "Queuing…" : plan.button}
        </button>
        <span className="muted" id="queue-summary" data-testid="queue-summary">
          {summary}
          {blockers.length > 0 && (
            <span data-testid="queue-blockers"> · nothing is queued until: {blockers.join(" ")}</span>
          )}
        </span>
      </div>
    </form>
  );
}

/** One side of the plan: a config among those ticked, with a word on what to tick while too few are. */
function PlanConfig(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  configs: string[];
  need: number;
}) {
  return (
    <div>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.id}>
        {props.configs.length < props.need && (
          <option value="">{props.need === 1 ? "tick configs above" : "tick two configs above"}</option>
        )}
        {props.configs.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}

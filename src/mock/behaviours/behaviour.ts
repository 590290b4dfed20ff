import type { HttpApp, HttpReply, HttpRequest } from '../http/app.js';
import type { Credentials } from '../gateway/credentials.js';
import type { AnswerContext, FailureContext, GatewaySteps, SeamAnswer, Seams } from '../gateway/seams.js';
import type { TokenizeFormats } from '../gateway/tokenize/request.js';
import type { Customer } from '../state/customers.js';
import type { LeniencyName } from '../../catalogue/leniencies.js';

export type Mode = 'mock' | 'black-box';
/** A registry entry: the name, the rule it breaks (fault) or whose leeway it uses (variant), what it does. */
export type RegistryEntry = {
  readonly name: string;
  readonly rule: string;
  readonly description: string;
  readonly modes?: readonly Mode[];
  /** A fault's: rules besides its own that legitimately fail on it too (verify:suite lists them, never for its own). */
  readonly alsoNoticedBy?: readonly string[];
  /** Why verify:suite runs it only when named (`--only <name>`): a run too long for every `npm test`. */
  readonly onlyByName?: string;
  /**
   * A fault only the whole run shows (its rule is judged across every answer, or it bites once in many
   * requests): why verify:suite gives it the whole suite at once instead of its own rule's tests first.
   */
  readonly acrossTheRun?: string;
  /**
   * The merchant ID its runs need where the mock's default one cannot show the behaviour (a gateway that takes
   * merchant_id only as a number needs one of digits): verify:suite and the preflight's tests start its mock
   * with it and send it as PG_MERCHANT_ID.
   */
  readonly merchantId?: string;
  /**
   * A variation a suite probe reads as a notable leniency (catalogue/leniencies.ts): verify:suite requires the
   * run's report to list it, so a probe that stops seeing it fails there.
   */
  readonly leniency?: LeniencyName;
};

/** What a behaviour may read besides its seam's arguments. */
export type Env = {
  readonly credentials: Credentials;
  /** Customer record i as this server lists it (other behaviours' record changes included). */
  readonly customer: (index: number) => Customer;
};

/** Replaces one seam's step with one that may call the step it replaces. */
type StepWrapper<F> = (next: F, env: Env) => F;
type Body = Record<string, unknown>;

/** Changes every gateway answer on the link, as a proxy would (apply.ts installs them as Fastify hooks). */
export type Wire = {
  /** The body before it is serialized (a copy; return a new object to replace it). */
  readonly body?: (body: Body, family: 'pg' | 'platform', request: HttpRequest) => Body | void;
  /** Headers, and when it returns a string, the serialized body. */
  readonly sent?: (reply: HttpReply, request: HttpRequest, text: unknown) => string | void;
  /** Before the request is read (timing). */
  readonly arrive?: (request: HttpRequest) => Promise<void>;
  /**
   * Its own hooks, for what the three above cannot do: answer first, hold, compress, stream (link.ts); with the
   * mock's credentials, for a layer in front that knows which keys were issued (an authorizer).
   */
  readonly install?: (app: HttpApp, credentials: Credentials) => void;
};

/**
 * One fault or variation: its registry entry and what it changes, at one or more of the gateway's seams
 * (gateway/seams.ts). Off, it is not in the server at all.
 */
export type Behaviour = RegistryEntry & { readonly [K in keyof Seams]?: StepWrapper<Seams[K]> } & {
  readonly formats?: (formats: TokenizeFormats) => TokenizeFormats;
  readonly record?: (record: Customer, cardNumbers: readonly string[]) => void;
  readonly answer?: (answer: SeamAnswer, context: AnswerContext, env: Env) => void;
  readonly failure?: (answer: SeamAnswer, context: FailureContext, env: Env) => void;
  readonly wire?: Wire;
};

/**
 * What a server runs: the gateway's steps with the behaviours that are on applied (apply.ts), and their
 * link changes. With none on, every seam is the conformant step and no link hook is installed.
 */
export type ActiveBehaviours = GatewaySteps & { readonly wire: readonly Wire[] };

/**
 * accountForm's named selectors: what a credentials form (password, PIN) shows, from the chart's
 * form:submitting tag and its context. The machine is built per form, so each selector is
 * generic over the form's values.
 */
import type { AccountFormContext } from './accountForm.ts';
import type { Failure } from './failure.ts';

/** What these selectors read of a credentials form's snapshot, whatever its fields. */
interface FormSnapshot<V> {
  readonly context: AccountFormContext<V>;
  hasTag(tag: 'form:submitting'): boolean;
  can(event: { type: 'user.submit' }): boolean;
}

/** The fields as typed. */
export const selectValues = <V>(snapshot: FormSnapshot<V>): V => snapshot.context.values;

/** The last refusal, or null. */
export const selectFormFailure = <V>(snapshot: FormSnapshot<V>): Failure | null => snapshot.context.failure;

/** The field the last refusal belongs on ('form' for none), or null. */
export const selectFailureField = <V>(snapshot: FormSnapshot<V>): AccountFormContext<V>['failureField'] => snapshot.context.failureField;

/** The form is on its way to the server. */
export const selectFormSubmitting = <V>(snapshot: FormSnapshot<V>): boolean => snapshot.hasTag('form:submitting');

/** The form would be sent now (every field valid, none on its way). */
export const selectCanSubmit = <V>(snapshot: FormSnapshot<V>): boolean => snapshot.can({ type: 'user.submit' });

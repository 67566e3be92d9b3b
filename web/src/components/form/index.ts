/**
 * Formik + Chakra UI v3 form fields. Put them inside a <Formik> form; each binds to the field
 * `name` through Formik's `useField`.
 *
 * Every field shows its label, an optional helper text, a required marker (a visual "*"; the
 * control itself is `required` so screen readers say so) and, once the field is touched, its
 * error (`touched && error`). An invalid control has `aria-invalid="true"` and its error text in
 * `aria-describedby` (after the helper text). The error line always takes its space, so the
 * layout does not jump when an error appears. Colours come from the theme's `fg.error`, which
 * passes WCAG AA contrast.
 *
 * Common props (BaseFieldProps):
 *   name: string            Formik field name. The control's id is `field-<name>` (see
 *                           fieldControlId) unless `id` is given.
 *   label: ReactNode        visible label (legend for ToggleGroupField)
 *   helperText?: ReactNode  hint under the control
 *   required?: boolean      shows the marker and sets `required` on the control
 *   disabled?: boolean
 *   id?: string             explicit control id (two forms with the same names on one page)
 *
 * Components:
 *   <TextField type="text|email|url|tel|number" placeholder autoComplete inputMode min max step />
 *       value: string (or number for type="number"; Formik stores '' while empty). null shows as ''.
 *   <TextareaField rows placeholder maxLength />            value: string | null
 *   <SelectField options={[...strings] | [{ value, label }]} placeholder? />
 *       native <select> (NativeSelect). `placeholder` adds a first empty option (value '').
 *       The value is the option's string; numbers in Formik state show selected as well.
 *   <CheckboxField />                                       value: boolean
 *   <ToggleGroupField options={DISCIPLINES} />              value: string[] (null counts as [])
 *       chips that toggle in and out of the list (kept in the options' order). Each chip is a
 *       real checkbox inside a <fieldset> labelled by its legend: Tab reaches every chip, Space
 *       toggles, and the checked state is announced. The group's error is in the fieldset's
 *       aria-describedby.
 *
 * Helpers:
 *   focusField(name, id?)   focuses a field's control (the first chip of a toggle group);
 *                           use it to move focus to the first invalid field after a failed check.
 *   fieldControlId(name, id?), fieldErrorId(controlId), fieldHelperId(controlId)
 *   errorText(error)        first message of a Formik error (string or list)
 *   labelledOptions(VALUES, LABELS)  a SelectField's options: each value with its label
 *
 * Example:
 *   <Formik initialValues={{ fullName: '', topics: [] }} validationSchema={schema} onSubmit={save}>
 *     <Form noValidate>
 *       <TextField name="fullName" label="Full Name" required autoComplete="name" />
 *       <ToggleGroupField name="topics" label="Mentoring Topics" options={MENTORING_TOPICS} />
 *     </Form>
 *   </Formik>
 * Use `<Form noValidate>` so the browser's own required/type bubbles do not replace these
 * messages.
 */
export { CheckboxField } from './checkbox-field';
export { errorText } from './field-error';
export { labelledOptions } from './labelled-options';
export { describedBy, fieldControlId, fieldErrorId, fieldHelperId, focusField } from './field-ids';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export {
  EmailField,
  TextareaField,
  TextField,
  type BaseFieldProps,
  type TextareaFieldProps,
  type TextFieldProps,
} from './text-field';
export { ToggleGroupField, type ToggleGroupFieldProps } from './toggle-group-field';
export {
  fieldsOf,
  FormFields,
  initialValuesOf,
  type FieldControl,
  type FieldSpec,
  type FormValue,
} from './form-fields';

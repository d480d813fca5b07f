/** zod schemas of the check list calls (admin §7: add-check-list-item, edit-check-list-item/{id}). */
import { z } from 'zod';

export const MAX_CHECK_LIST_NAME = 200;
export const MAX_CHECK_LIST_DESCRIPTION = 2000;

const statusSchema = z.boolean({
  required_error: 'Status is required',
  invalid_type_error: 'Status must be true (done) or false (open)',
});

const nameSchema = z
  .string({ required_error: 'Name is required', invalid_type_error: 'Name must be text' })
  .trim()
  .min(1, 'Name is required')
  .max(MAX_CHECK_LIST_NAME, `Name can be at most ${MAX_CHECK_LIST_NAME} characters`);

const descriptionSchema = z
  .string({ invalid_type_error: 'Description must be text' })
  .trim()
  .max(MAX_CHECK_LIST_DESCRIPTION, `Description can be at most ${MAX_CHECK_LIST_DESCRIPTION} characters`);

/** POST /add-check-list-item body: name, description, status (a new item is open unless sent done). */
export const checkListItemInputSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  status: statusSchema.default(false),
});
export type CheckListItemInput = z.output<typeof checkListItemInputSchema>;

/** PUT /edit-check-list-item/{id} body: status (the spec's call), and name or description when sent. */
export const checkListItemEditSchema = z
  .object({ name: nameSchema, description: descriptionSchema, status: statusSchema })
  .partial()
  .refine((edit) => edit.name !== undefined || edit.description !== undefined || edit.status !== undefined, {
    message: 'Send the status (true or false) to change',
  });
export type CheckListItemEdit = z.output<typeof checkListItemEditSchema>;

/**
 * The server's field texts (kernel `FieldText`), by name: they reach us through the
 * contract, so a form says before sending what the server would say after.
 */
import { FieldText } from '@/api/model/fieldText';

/** Spec §5: required means minimum length 1, in the words the forms use. */
export const REQUIRED = FieldText.Required;
export const FIELD_REQUIRED = FieldText.This_field_is_required;
export const INVALID_EMAIL = FieldText.Must_be_a_valid_email;
/** Spec §5 words the sign-up and forgot-password e-mail checks this way. */
export const INVALID_EMAIL_AT_SIGN_UP = FieldText.Invalid_email;
export const SIX_DIGIT_CODE = FieldText['Enter_the_6-digit_code'];
export const INVALID_IMAGE = FieldText.Upload_a_valid_image_The_file_you_uploaded_was_either_not_an_image_or_a_corrupted_image;
/** Dynamic Review: a star rating outside 1 to 5, or none. */
export const RATING = FieldText.Choose_a_rating_from_1_to_5;

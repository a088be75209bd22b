package i18n

// The edges of /inspect: readers' errors in the page's language, the
// batch kept after an error in the form, an empty batch, the drill-down
// from a difference to its cells, the example batch and shared views'
// stored findings.
var enInspectEdges = map[string]string{
	"inspect.err.detail.missing_field.values":              "GAE needs the critic's values and this file has none. For a critic-free run (GRPO, RLOO, …) choose its estimator below.",
	"inspect.err.detail.missing_field.uid":                 "This estimator compares the responses of one prompt: save uid (or index) with the batch, one group id per response.",
	"inspect.err.detail.missing_field.response_mask":       "Save response_mask (or attention_mask with responses or response_length) with the batch.",
	"inspect.err.detail.missing_field.token_level_rewards": "Save token_level_rewards or token_level_scores with the batch.",
	"inspect.err.detail.missing_field.old_log_probs":       "Putting the KL penalty in the reward needs old_log_probs and ref_log_prob in the file.",
	"inspect.err.detail.invalid_value.estimator":           "Choose one of the estimators the list offers for this release.",
	"inspect.err.detail.invalid_value.kl_penalty":          "Choose one of the KL estimators the list offers for this release.",
	"inspect.err.detail.invalid_value.ver":                 "Choose a release from the list (v0.2 to v0.9.0).",
	"inspect.err.detail.invalid_file":                      "Save the tensors with safetensors or numpy.savez (numbers, or fixed-width strings for tokens and uid), or send the API's JSON case.",
	"inspect.err.detail.invalid_json":                      "Check the JSON with a validator: one object, keys in double quotes.",
	"inspect.err.detail.invalid_shape":                     "Every tensor must be [B, R] like response_mask: B responses of R tokens.",
	"inspect.err.detail.invalid_number":                    "Give finite numbers (NaN and infinity are read only where the mask is 0).",
	"inspect.err.detail.invalid_mask":                      "Save the mask as 0s and 1s.",
	"inspect.err.detail.invalid_value":                     "See the field's list of allowed values.",
	"inspect.err.detail.out_of_range":                      "γ and λ are between 0 and 1; β is at least 0.",
	"inspect.err.detail.too_large":                         "Upload at most 512 responses of 8,192 tokens.",
	"inspect.err.detail.missing_field":                     "Save the missing tensor with the batch.",
	"inspect.kept":                                         "Your batch (%d bytes) is still attached: change the fields and submit again, without choosing the file again.",
	"inspect.upload.file_kept":                             "Batch file (optional: the batch above is attached)",
	"inspect.upload.file_view":                             "Batch file (optional: blank checks this batch again)",

	"inspect.empty":               "Nothing to check: every response_mask entry is 0, so the batch has no valid token (verl would train on nothing). Check how the mask was saved.",
	"inspect.whiten.no_token":     "the batch has no valid token.",
	"inspect.whiten.one_token":    "the batch has one valid token, so the unbiased variance divides by zero.",
	"inspect.check.open_at":       "Open row %d at token %d, the cells that differ highlighted",
	"inspect.row.versus":          "%s: %s",
	"inspect.row.chosen":          "the chosen release",
	"inspect.row.diff_note":       "Highlighted: cells where a computation differs from the run's own numbers by more than the tolerance (%s for advantages, %s for returns). What reproduces the run's numbers: %s.",
	"inspect.row.unexplained":     "nothing tried",
	"inspect.row.adv":             "advantages",
	"inspect.row.ret":             "returns",
	"inspect.example.button":      "Try an example batch",
	"inspect.example.note":        "No batch at hand? The example is 6 responses of 10 tokens whose score was written one token past EOS, a common bug: see what the check finds.",
	"inspect.stored.title":        "Shared view",
	"inspect.stored.note":         "The findings below were stored when this view was shared (checker %s).",
	"inspect.stored.more":         "Today's checker (%s) finds more: %s",
	"inspect.stored.other_config": "The findings stored when this view was shared are for other settings; these are today's.",
}

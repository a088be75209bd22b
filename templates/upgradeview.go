package templates

// UpgradeScalars is the upgrade view's table of one-number quantities (the
// losses per loss_agg_mode): one row per quantity, one column per release.
type UpgradeScalars struct {
	ID, Caption, Corner string
	Series              [2]string // the two releases, as column headings
	Groups              []UpgradeScalarGroup
}

// UpgradeScalarGroup is one loss: its rows, one per aggregation mode.
type UpgradeScalarGroup struct {
	ID, Label, Code string // Code is verl's name, e.g. vf_loss
	Rows            []UpgradeScalarRow
}

// UpgradeScalarRow is one number in both releases; the second cell carries
// the mark and the reasons when they differ.
type UpgradeScalarRow struct {
	ID, Label string
	Cells     [2]CompareCell
}

package templates

import "strconv"

// This file is the position table's choice of rows (issue 21): a report
// lists the areas its step changed, the whole board being the map's; a
// step that changed nothing says so in a few lines.

// Shown are the rows of the report's position table, by region, the seas
// last as a region named "At sea": at the start and the end of the game
// every area; after any other step only the areas it changed, regions
// without a change left out.
func (r *Report) Shown() []Region {
	var out []Region
	keep := func(name string, rows []AreaRow) {
		var rg Region
		rg.Name = name
		for _, a := range rows {
			if r.Full() || a.Changed {
				rg.Areas = append(rg.Areas, a)
			}
		}
		if len(rg.Areas) > 0 {
			out = append(out, rg)
		}
	}
	for _, rg := range r.Regions {
		keep(rg.Name, rg.Areas)
	}
	keep("At sea", r.Seas)
	return out
}

// ShownNations are the rows of the report's nations table: every nation
// at the start and the end of the game, after any other step those whose
// figures or facts it changed (issue 21: the table of every nation at
// every step was most of a quiet mail).
func (r *Report) ShownNations() []NationRow {
	if r.Full() {
		return r.Nations
	}
	var out []NationRow
	for _, n := range r.Nations {
		if n.Changed {
			out = append(out, n)
		}
	}
	return out
}

// NationsNote says which nations the nations table leaves out: "" when
// it shows them all.
func (r *Report) NationsNote() string {
	switch n := len(r.ShownNations()); {
	case n == len(r.Nations):
		return ""
	case n == 0:
		return "No nation's figures changed in this step."
	case n == 1:
		return "The nation whose figures changed in this step; the other " + strconv.Itoa(len(r.Nations)-n) + " are as before."
	default:
		return "The " + strconv.Itoa(n) + " nations whose figures changed in this step; the other " + strconv.Itoa(len(r.Nations)-n) + " are as before."
	}
}

// Full says the position table lists every area, without a Before
// column: at the start of the game and at its end.
func (r *Report) Full() bool { return r.Start || r.Over }

// Changes is how many areas and seas the step changed.
func (r *Report) Changes() int {
	n := 0
	for _, rg := range r.Regions {
		for _, a := range rg.Areas {
			if a.Changed {
				n++
			}
		}
	}
	for _, a := range r.Seas {
		if a.Changed {
			n++
		}
	}
	return n
}

// AreaCount is how many areas and seas the board has.
func (r *Report) AreaCount() int {
	n := len(r.Seas)
	for _, rg := range r.Regions {
		n += len(rg.Areas)
	}
	return n
}

// PositionNote is the line under the position table's heading: what its
// rows are.
func (r *Report) PositionNote() string {
	switch n := r.Changes(); {
	case r.Start:
		return "Every area's armies; nation codes are in the nations table; (d) marks difficult terrain."
	case r.Over:
		return "The final position: every area's armies; nation codes are in the nations table; (d) marks difficult terrain."
	case n == 0:
		return "No area changed in this step; the map shows every area."
	case n == 1:
		return "1 of the " + strconv.Itoa(r.AreaCount()) + " areas changed in this step, shown with what it held before; the map shows every area. Nation codes are in the nations table; (d) marks difficult terrain."
	default:
		return strconv.Itoa(n) + " of the " + strconv.Itoa(r.AreaCount()) + " areas changed in this step, shown with what they held before; the map shows every area. Nation codes are in the nations table; (d) marks difficult terrain."
	}
}

// quiet reports whether the step changed nothing on the board and scored
// nothing (Report.Quiet).
func (r *Report) quiet() bool {
	if r.Start || r.Over || r.Changes() > 0 || len(r.Battles) > 0 || len(r.Happened) > 0 || len(r.Scoring) > 0 {
		return false
	}
	for _, n := range r.Nations {
		if n.Gained != 0 {
			return false
		}
	}
	for _, s := range r.Players {
		if s.Gained != 0 {
			return false
		}
	}
	return true
}

// QuietNote is what a quiet step's report says of the board.
func (r *Report) QuietNote() string {
	return "Nothing changed on the board and no points were scored: the position and the scores are as after the previous step."
}

// FullPosition is the text position table of every area after the step,
// by region, the seas last: the whole board the reports leave out (the
// mail command map answers with it).
func FullPosition(r *Report) string {
	c := *r
	c.Start = true // every row, no Before column
	return positionText(&c)
}

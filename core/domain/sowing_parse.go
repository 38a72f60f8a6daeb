package domain

import (
	"regexp"
	"strconv"
	"strings"
)

// The sowing parser reads what a seed store's product text says about when to sow. It works
// clause by clause (a sentence, or the part of one between commas and semicolons): the clause's
// words say which step it is about (sow indoors, direct sow, transplant), and its timing says
// when, as weeks around the last frost, named months, or a season. The first timing found for a
// step wins, the way a packet's first line is its main advice. Days to harvest are read from
// the whole text. Anything it cannot read stays unknown rather than guessed.

var (
	clauseSplit = regexp.MustCompile(`[.;,\n]+|\s+(?:then|and then)\s+`)

	indoorWords     = regexp.MustCompile(`\b(?:sow(?:n|ing)?|start(?:ed)?)\s+(?:seeds?\s+)?(?:indoors|inside|under (?:glass|cover)|in (?:a |the )?(?:heated )?(?:greenhouse|propagator|cold ?frame))\b|\bindoor sowing\b|\bsow indoors\b`)
	directWords     = regexp.MustCompile(`\b(?:direct[- ]sow(?:n|ing)?|sow(?:n|ing)? (?:directly|direct|outdoors|outside)|outdoor sowing|sow(?:n)? where (?:it|they) (?:is|are) to (?:grow|flower|crop))\b`)
	transplantWords = regexp.MustCompile(`\b(?:transplant(?:ed|ing)?|plant(?:ed|ing)? (?:them |it |seedlings |young plants )?out|set(?:ting)? out|harden(?:ed|ing)? off)\b`)
	plainSowWords   = regexp.MustCompile(`^(?:surface[- ])?sow(?:ing)?\b|^(?:when to )?sow(?:ing)?(?: time| period| months)?\b`)

	numberWord = `(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`
	weeksRange = regexp.MustCompile(numberWord + `(?:\s*(?:-|–|—|to|or)\s*` + numberWord + `)?\s*weeks?\s+(before|after|prior to|from)\s+(?:the\s+|your\s+|our\s+)?(?:average\s+|expected\s+)?(?:last\s+)?(?:spring\s+)?(?:frosts?|frost date)`)
	afterFrost = regexp.MustCompile(`\b(?:after|once|when)\s+(?:(?:the|all)\s+)?(?:danger\s+of\s+|risk\s+of\s+)?(?:last\s+)?(?:spring\s+)?frosts?(?:\s+(?:have|has)\s+passed| are over| is over)?\b|\bfrost[- ]free\b`)
	monthNames = `(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`
	monthRange = regexp.MustCompile(`\b` + monthNames + `\b(?:\s*(?:-|–|—|to|until|till|or|and)\s*(?:early |mid[- ]?|late |the end of )?` + monthNames + `\b)?`)
	fromMonth  = regexp.MustCompile(`\bfrom\s+(?:early |mid[- ]?|late )?` + monthNames + `\b\s*$`)
	// mayMonth tells "sow in May" from "seedlings may need thinning": the month follows a
	// preposition or another month.
	mayMonth = regexp.MustCompile(`\b(?:in|from|until|till|to|by|early|mid|late|during|and|or)[- ]may\b|^may\b|[a-z]+\s*[-–—]\s*may\b`)
	seasons  = regexp.MustCompile(`\b(after midsummer|early spring|late spring|spring|early summer|midsummer|late summer|summer|early autumn|late autumn|autumn|early fall|fall|late winter|winter)\b`)

	harvestDays = []*regexp.Regexp{
		regexp.MustCompile(`days to (?:harvest|maturity)[:\s]*(?:about |around |approx\.? |approximately )?(\d{1,3})(?:\s*(?:-|–|—|to)\s*(\d{1,3}))?()`),
		regexp.MustCompile(`(?:maturity|matures in|harvest(?:ing)? (?:in|after|from)|ready (?:to harvest |to pick |for harvest )?in|crops? in)[:\s]*(?:about |around |approx\.? |approximately )?(\d{1,3})(?:\s*(?:-|–|—|to)\s*(\d{1,3}))?\s*(days|weeks)`),
		regexp.MustCompile(`(\d{1,3})(?:\s*(?:-|–|—|to)\s*(\d{1,3}))?\s*(days|weeks)\s+(?:from sowing )?to (?:harvest|maturity)`),
	}
)

var seasonMonths = map[string][2]int{
	"early spring": {3, 3}, "spring": {3, 5}, "late spring": {5, 5},
	"early summer": {6, 6}, "midsummer": {7, 7}, "after midsummer": {7, 8}, "summer": {6, 8}, "late summer": {8, 8},
	"early autumn": {9, 9}, "early fall": {9, 9}, "autumn": {9, 11}, "fall": {9, 11}, "late autumn": {11, 11},
	"late winter": {2, 2}, "winter": {12, 2},
}

func monthNumber(s string) int {
	for i, m := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(s, m) {
			return i + 1
		}
	}
	return 0
}

func parseNumber(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	for i, w := range []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"} {
		if s == w {
			return i + 1
		}
	}
	return 0
}

// clauseTiming returns the first timing a clause states.
func clauseTiming(c string) (SowingWindow, bool) {
	if m := weeksRange.FindStringSubmatch(c); m != nil {
		a, b := parseNumber(m[1]), parseNumber(m[2])
		if b == 0 {
			b = a
		}
		if a > b {
			a, b = b, a
		}
		if m[3] == "after" || m[3] == "from" {
			if a == b {
				b = a + 2 // "2 weeks after": a fortnight from then
			}
			return SowingWindow{Unit: WindowWeeks, From: a, To: b}, a <= MaxWindowWeeks && b <= MaxWindowWeeks
		}
		if a == b {
			a = max(b-2, 0) // "6 weeks before": from six weeks before, for a fortnight
		}
		return SowingWindow{Unit: WindowWeeks, From: -b, To: -a}, b <= MaxWindowWeeks
	}
	if afterFrost.MatchString(c) {
		return SowingWindow{Unit: WindowWeeks, From: 0, To: 4}, true
	}
	if m := fromMonth.FindStringSubmatch(c); m != nil {
		from := monthNumber(m[1])
		return SowingWindow{Unit: WindowMonths, From: from, To: (from+1)%12 + 1}, true
	}
	if m := monthRange.FindStringSubmatch(c); m != nil && (m[1] != "may" || mayMonth.MatchString(c)) {
		from, to := monthNumber(m[1]), monthNumber(m[2])
		if to == 0 {
			to = from
		}
		return SowingWindow{Unit: WindowMonths, From: from, To: to}, true
	}
	if m := seasons.FindStringSubmatch(c); m != nil {
		s := seasonMonths[m[1]]
		return SowingWindow{Unit: WindowMonths, From: s[0], To: s[1]}, true
	}
	return SowingWindow{}, false
}

// ParseSowing reads sowing windows and days to harvest from a product's text (description and
// labelled facts, one per line). What it cannot find stays zero.
func ParseSowing(text string) Sowing {
	var s Sowing
	lower := strings.ToLower(text)
	for _, raw := range clauseSplit.Split(lower, -1) {
		c := strings.Join(strings.Fields(raw), " ")
		if c == "" {
			continue
		}
		// The step named first in the clause is its subject: "sow indoors 6 weeks before
		// transplanting" is about sowing indoors.
		var step *SowingWindow
		at := len(c) + 1
		for _, k := range []struct {
			re *regexp.Regexp
			w  *SowingWindow
		}{{indoorWords, &s.SowIndoors}, {directWords, &s.DirectSow}, {transplantWords, &s.Transplant}, {plainSowWords, &s.DirectSow}} {
			if loc := k.re.FindStringIndex(c); loc != nil && loc[0] < at {
				step, at = k.w, loc[0]
			}
		}
		if step == nil || !step.IsZero() {
			continue
		}
		if w, ok := clauseTiming(c); ok {
			*step = w
		}
	}
	for _, re := range harvestDays {
		m := re.FindStringSubmatch(lower)
		if m == nil {
			continue
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		if b == 0 {
			b = a
		}
		if m[3] == "weeks" {
			a, b = a*7, b*7
		}
		if a > 0 && a <= b && b <= MaxHarvestDays {
			s.HarvestDaysMin, s.HarvestDaysMax = a, b
			break
		}
	}
	return s
}

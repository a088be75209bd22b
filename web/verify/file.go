package verify

// An uploaded batch's script reads the user's own file (the tensors GAE
// Lab read, under verl's names) and asserts the run's advantages and
// returns through verl, within the check's tolerance for the file's dtype.

// loader writes load(path), tensor(x) and check_run(…).
func (s *script) loader() {
	s.p("def load(path):")
	s.p(`    """The batch file's arrays by name: .npz, .safetensors or the JSON case, read by content."""`)
	s.p(`    with open(path, "rb") as f:`)
	s.p("        head = f.read(16)")
	s.p(`    if head[:2] == b"PK":`)
	s.p("        z = np.load(path, allow_pickle=False)")
	s.p("        return {k: z[k] for k in z.files}")
	s.p(`    if head.lstrip()[:1] == b"{":`)
	s.p("        with open(path) as f:")
	s.p(`            return dict(json.load(f)["inputs"])`)
	s.p("    from safetensors import safe_open")
	s.p("")
	s.p(`    with safe_open(path, framework="pt") as f:`)
	s.p("        d = {k: f.get_tensor(k) for k in f.keys()}")
	s.p("        meta = f.metadata() or {}")
	s.p(`    if "uid" in meta:`)
	s.p(`        d["uid"] = json.loads(meta["uid"])`)
	s.p("    return d")
	s.p("")
	s.p("")
	s.p("def tensor(x):")
	s.p("    if torch.is_tensor(x):")
	s.p("        return x.to(torch.float32)")
	s.p("    return torch.as_tensor(np.asarray(x, dtype=np.float64)).to(torch.float32)")
	s.p("")
	s.p("")
	s.p("def check_run(name, got, run, tol):")
	s.p(`    """The run's own tensor against verl's, over the valid tokens, within GAE Lab's tolerance."""`)
	s.p("    valid = mask.bool()")
	s.p("    diff = (got - run).abs()[valid].max().item() if valid.any() else 0.0")
	s.p("    ok = diff <= tol")
	s.p(`    print(f"{name:<34} {'OK' if ok else 'DIFFERENT'}  max|diff| = {diff:.3g} (tolerance {tol:.3g})")`)
	s.p("    return ok")
	s.p("")
	s.p("")
}

// fileInputs reads the tensors from the file named on the command line.
func (s *script) fileInputs() {
	f, c := s.c.File, s.c
	s.p("if len(sys.argv) != 2:")
	s.p(`    print("usage: python3 verify.py BATCH_FILE (the file you uploaded)", file=sys.stderr)`)
	s.p("    sys.exit(2)")
	s.p("batch = load(sys.argv[1])")
	if f.MaskFrom == "attention_mask" {
		s.p(`mask = tensor(batch["attention_mask"])[:, -%d:]  # the response part of attention_mask`, f.R)
	} else {
		s.p(`mask = tensor(batch["response_mask"])`)
	}
	if c.GAE != nil {
		s.p(`values = tensor(batch["values"])`)
	}
	if c.Scores != nil {
		s.p(`token_level_scores = tensor(batch["token_level_scores"])`)
		s.p(`old_log_probs = tensor(batch["old_log_probs"])`)
		s.p(`ref_log_prob = tensor(batch["ref_log_prob"])`)
	} else {
		s.p(`token_level_rewards = tensor(batch[%q])`, f.RewardsFrom)
	}
	if f.UIDFrom != "" {
		s.p(`index = np.array([str(u) for u in np.asarray(batch[%q]).tolist()], dtype=object)  # uid`, f.UIDFrom)
	}
	if f.RewardTol > 0 {
		s.p(`run_rewards = tensor(batch["token_level_rewards"])`)
	}
	if f.AdvTol > 0 {
		s.p(`run_advantages = tensor(batch["advantages"])`)
	}
	if f.RetTol > 0 {
		s.p(`run_returns = tensor(batch["returns"])`)
	}
}

// runChecks asserts the run's own advantages and returns (an upload's)
// against verl's, held in the variables adv and ret.
func (s *script) runChecks(adv, ret string) {
	f := s.c.File
	if f == nil {
		return
	}
	if f.AdvTol > 0 {
		s.p(`ok &= check_run("the run's advantages vs verl", %s, run_advantages, %s)`, adv, number(f.AdvTol))
	}
	if f.RetTol > 0 {
		s.p(`ok &= check_run("the run's returns vs verl", %s, run_returns, %s)`, ret, number(f.RetTol))
	}
}

// rewardCheck holds the run's own token_level_rewards to verl's, just
// computed from its scores, when the case has a reward check; then GAE goes
// on from the rewards the run used. It reports whether it did.
func (s *script) rewardCheck() bool {
	f := s.c.File
	if f == nil || f.RewardTol <= 0 {
		return false
	}
	s.p(`ok &= check_run("the run's token_level_rewards vs verl", token_level_rewards, run_rewards, %s)`, number(f.RewardTol))
	s.p("token_level_rewards = run_rewards")
	return true
}

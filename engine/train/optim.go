package train

import "math"

// clipGradNorm is torch.nn.utils.clip_grad_norm_(params, maxNorm) for one
// parameter tensor: the L2 norm of grad, and grad scaled by
// min(1, maxNorm/(norm + 1e-6)). It returns the norm before clipping
// (verl's grad_norm metric).
func clipGradNorm(grad []float64, maxNorm float64) float64 {
	var s float64
	for _, g := range grad {
		s += g * g
	}
	norm := math.Sqrt(s)
	if coef := maxNorm / (norm + 1e-6); coef < 1 {
		for k := range grad {
			grad[k] *= coef
		}
	}
	return norm
}

// adamW is one step of torch.optim.AdamW (torch 1.13's _single_tensor_adamw,
// amsgrad off) with betas (Beta1, Beta2), eps AdamEps and weight_decay
// WeightDecay, at learning rate lr:
//
//	step += 1
//	param *= 1 − lr·wd                       (decoupled weight decay, before the moments)
//	m = m·β1 + (1 − β1)·g
//	v = v·β2 + (1 − β2)·g·g
//	param −= (lr/(1 − β1^step)) · m / (√v / √(1 − β2^step) + eps)
func adamW(param, grad []float64, a *Adam, lr float64) {
	a.Step++
	step := float64(a.Step)
	bc1 := 1 - math.Pow(Beta1, step)
	bc2 := 1 - math.Pow(Beta2, step)
	stepSize := lr / bc1
	bc2Sqrt := math.Sqrt(bc2)
	decay := 1 - lr*WeightDecay
	for k, g := range grad {
		param[k] *= decay
		a.ExpAvg[k] = a.ExpAvg[k]*Beta1 + (1-Beta1)*g       // add_(g, alpha): self + alpha·g
		a.ExpAvgSq[k] = a.ExpAvgSq[k]*Beta2 + (1-Beta2)*g*g // addcmul_: self + value·t1·t2
		denom := math.Sqrt(a.ExpAvgSq[k])/bc2Sqrt + AdamEps
		param[k] += -stepSize * a.ExpAvg[k] / denom // addcdiv_: self + value·t1/t2
	}
}

package i18n

// 期末测验的数据（issue 25，错误 1）：每道数值或符号题都给出它的场景表，
// 所问的格子被遮住。
var zhQuizData = map[string]string{
	"quiz.data_caption": "第 %[1]d 题的数据，按 verl 的计算",
	"quiz.data_note":    "标着 ？ 的格子就是题目要问的（或会直接泄露答案的）。",
}

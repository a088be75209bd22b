// Package course is the course: /lessons and each lesson (its prose,
// scenario blocks, predictions and choices, labs and batch blocks), the
// quiz, the glossary, the diagram and the learner's progress code. The
// lessons' texts come from package lessons; the widgets they embed from the
// other rooms.
package course

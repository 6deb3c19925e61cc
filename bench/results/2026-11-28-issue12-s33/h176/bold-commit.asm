TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).Commit(SB) /tmp/s33/h176/base/cache/decide.go
  decide.go:592		0x601960		493b6610		CMPQ SP, 0x10(R14)								
  decide.go:592		0x601964		0f8604050000		JBE 0x601e6e									
  decide.go:592		0x60196a		55			PUSHQ BP									
  decide.go:592		0x60196b		4889e5			MOVQ SP, BP									
  decide.go:592		0x60196e		4883ec38		SUBQ $0x38, SP									
  decide.go:593		0x601972		488b13			MOVQ 0(BX), DX									
  decide.go:593		0x601975		488b7308		MOVQ 0x8(BX), SI								
  decide.go:593		0x601979		488b4b10		MOVQ 0x10(BX), CX								
  decide.go:593		0x60197d		0f1f00			NOPL 0(AX)									
  decide.go:594		0x601980		4885d2			TESTQ DX, DX									
  decide.go:594		0x601983		0f84d9040000		JE 0x601e62									
  decide.go:597		0x601989		833d0006570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:597		0x601990		741e			JE 0x6019b0									
  decide.go:597		0x601992		4c8b4308		MOVQ 0x8(BX), R8								
  decide.go:597		0x601996		4c8b4b10		MOVQ 0x10(BX), R9								
  decide.go:597		0x60199a		4c8b13			MOVQ 0(BX), R10									
  decide.go:597		0x60199d		0f1f00			NOPL 0(AX)									
  decide.go:597		0x6019a0		e8fb05e9ff		CALL runtime.gcWriteBarrier3(SB)						
  decide.go:597		0x6019a5		4d8913			MOVQ R10, 0(R11)								
  decide.go:597		0x6019a8		4d894308		MOVQ R8, 0x8(R11)								
  decide.go:597		0x6019ac		4d894b10		MOVQ R9, 0x10(R11)								
  decide.go:594		0x6019b0		4889442448		MOVQ AX, 0x48(SP)								
  decide.go:594		0x6019b5		48895c2450		MOVQ BX, 0x50(SP)								
  decide.go:597		0x6019ba		440f113b		MOVUPS X15, 0(BX)								
  decide.go:597		0x6019be		48c7431000000000	MOVQ $0x0, 0x10(BX)								
  decide.go:600		0x6019c6		90			NOPL										
  mutex.go:46		0x6019c7		90			NOPL										
  decide.go:594		0x6019c8		4889c7			MOVQ AX, DI									
  mutex.go:63		0x6019cb		31c0			XORL AX, AX									
  mutex.go:63		0x6019cd		41b801000000		MOVL $0x1, R8									
  mutex.go:63		0x6019d3		f0440fb102		LOCK CMPXCHGL R8, 0(DX)								
  mutex.go:63		0x6019d8		410f94c0		SETE R8										
  mutex.go:63		0x6019dc		0f1f4000		NOPL 0(AX)									
  mutex.go:63		0x6019e0		4584c0			TESTL R8, R8									
  mutex.go:63		0x6019e3		7530			JNE 0x601a15									
  decide.go:593		0x6019e5		48894c2430		MOVQ CX, 0x30(SP)								
  decide.go:593		0x6019ea		4889742428		MOVQ SI, 0x28(SP)								
  decide.go:593		0x6019ef		4889542420		MOVQ DX, 0x20(SP)								
  mutex.go:70		0x6019f4		4889d0			MOVQ DX, AX									
  mutex.go:70		0x6019f7		e8e47de9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  decide.go:602		0x6019fc		488b4c2430		MOVQ 0x30(SP), CX								
  type.go:147		0x601a01		488b542420		MOVQ 0x20(SP), DX								
  decide.go:608		0x601a06		488b5c2450		MOVQ 0x50(SP), BX								
  decide.go:607		0x601a0b		488b742428		MOVQ 0x28(SP), SI								
  decide.go:625		0x601a10		488b7c2448		MOVQ 0x48(SP), DI								
  decide.go:602		0x601a15		4885c9			TESTQ CX, CX									
  decide.go:602		0x601a18		7437			JE 0x601a51									
  slots.go:113		0x601a1a		90			NOPL										
  type.go:147		0x601a1b		448b4220		MOVL 0x20(DX), R8								
  type.go:147		0x601a1f		90			NOPL										
  decide.go:602		0x601a20		41f7c0c0000000		TESTL $0xc0, R8									
  decide.go:602		0x601a27		7428			JE 0x601a51									
  decide.go:603		0x601a29		4889d0			MOVQ DX, AX									
  decide.go:603		0x601a2c		4889f3			MOVQ SI, BX									
  decide.go:603		0x601a2f		e86c040000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.lockRefSlow(SB)		
  decide.go:603		0x601a34		4885c0			TESTQ AX, AX									
  decide.go:603		0x601a37		7412			JE 0x601a4b									
  decide.go:625		0x601a39		488b7c2448		MOVQ 0x48(SP), DI								
  decide.go:607		0x601a3e		4889c2			MOVQ AX, DX									
  decide.go:607		0x601a41		4889de			MOVQ BX, SI									
  decide.go:608		0x601a44		488b5c2450		MOVQ 0x50(SP), BX								
  decide.go:603		0x601a49		eb06			JMP 0x601a51									
  decide.go:604		0x601a4b		4883c438		ADDQ $0x38, SP									
  decide.go:604		0x601a4f		5d			POPQ BP										
  decide.go:604		0x601a50		c3			RET										
  decide.go:548		0x601a51		440fb64224		MOVZX 0x24(DX), R8								
  decide.go:548		0x601a56		458d4801		LEAL 0x1(R8), R9								
  decide.go:552		0x601a5a		450fb6d1		MOVZX R9, R10									
  decide.go:548		0x601a5e		44884a24		MOVB R9, 0x24(DX)								
  decide.go:552		0x601a62		440fb64a25		MOVZX 0x25(DX), R9								
  decide.go:552		0x601a67		4d01ca			ADDQ R9, R10									
  decide.go:552		0x601a6a		4983fa40		CMPQ R10, $0x40									
  decide.go:552		0x601a6e		7c16			JL 0x601a86									
  decide.go:553		0x601a70		4183c002		ADDL $0x2, R8									
  decide.go:553		0x601a74		41d0e8			SHRL $0x1, R8									
  decide.go:553		0x601a77		44884224		MOVB R8, 0x24(DX)								
  decide.go:553		0x601a7b		458d4101		LEAL 0x1(R9), R8								
  decide.go:553		0x601a7f		41d0e8			SHRL $0x1, R8									
  decide.go:553		0x601a82		44884225		MOVB R8, 0x25(DX)								
  decide.go:608		0x601a86		48837b1800		CMPQ 0x18(BX), $0x0								
  decide.go:608		0x601a8b		751e			JNE 0x601aab									
  decide.go:609		0x601a8d		90			NOPL										
  mutex.go:65		0x601a8e		90			NOPL										
  mutex.go:194		0x601a8f		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601a94		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601a98		ffcb			DECL BX										
  mutex.go:195		0x601a9a		7409			JE 0x601aa5									
  mutex.go:198		0x601a9c		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601a9f		90			NOPL										
  mutex.go:198		0x601aa0		e81b80e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:610		0x601aa5		4883c438		ADDQ $0x38, SP									
  decide.go:610		0x601aa9		5d			POPQ BP										
  decide.go:610		0x601aaa		c3			RET										
  decide.go:625		0x601aab		440fb6421e		MOVZX 0x1e(DX), R8								
  decide.go:625		0x601ab0		4183e003		ANDL $0x3, R8									
  decide.go:625		0x601ab4		4180f801		CMPL R8, $0x1									
  decide.go:625		0x601ab8		0f858d030000		JNE 0x601e4b									
  decide.go:625		0x601abe		807f7800		CMPB 0x78(DI), $0x0								
  decide.go:625		0x601ac2		0f8583030000		JNE 0x601e4b									
  decide.go:626		0x601ac8		440fb6421f		MOVZX 0x1f(DX), R8								
  sizecode.go:56	0x601acd		4183e00f		ANDL $0xf, R8									
  type.go:80		0x601ad1		4e8d0487		LEAQ 0(DI)(R8*4), R8								
  type.go:80		0x601ad5		4d8d80b4000000		LEAQ 0xb4(R8), R8								
  type.go:80		0x601adc		458b00			MOVL 0(R8), R8									
  decide.go:626		0x601adf		448b4b20		MOVL 0x20(BX), R9								
  sizecode.go:56	0x601ae3		41f7d0			NOTL R8										
  decide.go:626		0x601ae6		4539c1			CMPL R9, R8									
  decide.go:626		0x601ae9		0f855c030000		JNE 0x601e4b									
  decide.go:627		0x601aef		448b420c		MOVL 0xc(DX), R8								
  decide.go:627		0x601af3		4c8b5330		MOVQ 0x30(BX), R10								
  decide.go:660		0x601af7		4d39c2			CMPQ R10, R8									
  decide.go:660		0x601afa		7507			JNE 0x601b03									
  decide.go:660		0x601afc		b801000000		MOVL $0x1, AX									
  decide.go:627		0x601b01		eb1d			JMP 0x601b20									
  decide.go:662		0x601b03		4d63c9			MOVSXD R9, R9									
  decide.go:662		0x601b06		4d29c8			SUBQ R9, R8									
  decide.go:662		0x601b09		4d39c2			CMPQ R10, R8									
  decide.go:662		0x601b0c		7504			JNE 0x601b12									
  decide.go:662		0x601b0e		31c0			XORL AX, AX									
  decide.go:627		0x601b10		eb0e			JMP 0x601b20									
  decide.go:627		0x601b12		48c7c0ffffffff		MOVQ $-0x1, AX									
  decide.go:627		0x601b19		0f1f8000000000		NOPL 0(AX)									
  decide.go:627		0x601b20		4885c0			TESTQ AX, AX									
  decide.go:627		0x601b23		0f8c22030000		JL 0x601e4b									
  decide.go:629		0x601b29		448b4324		MOVL 0x24(BX), R8								
  decide.go:629		0x601b2d		4585c0			TESTL R8, R8									
  decide.go:629		0x601b30		0f859d000000		JNE 0x601bd3									
  narrow.go:275		0x601b36		440fb6421e		MOVZX 0x1e(DX), R8								
  narrow.go:275		0x601b3b		0f1f440000		NOPL 0(AX)(AX*1)								
  narrow.go:275		0x601b40		41f6c020		TESTL $0x20, R8									
  narrow.go:275		0x601b44		7543			JNE 0x601b89									
  decide.go:630		0x601b46		4c8b4318		MOVQ 0x18(BX), R8								
  narrow.go:275		0x601b4a		440fb74a1c		MOVZX 0x1c(DX), R9								
  narrow.go:275		0x601b4f		4d39c8			CMPQ R8, R9									
  narrow.go:275		0x601b52		7735			JA 0x601b89									
  narrow.go:272		0x601b54		83e001			ANDL $0x1, AX									
  narrow.go:276		0x601b57		4c8d1482		LEAQ 0(DX)(AX*4), R10								
  narrow.go:276		0x601b5b		4d8d5210		LEAQ 0x10(R10), R10								
  narrow.go:276		0x601b5f		4d6312			MOVSXD 0(R10), R10								
  narrow.go:276		0x601b62		4d01c2			ADDQ R8, R10									
  narrow.go:276		0x601b65		4981faffffff7f		CMPQ R10, $0x7fffffff								
  narrow.go:276		0x601b6c		7f1b			JG 0x601b89									
  narrow.go:276		0x601b6e		440fb7544218		MOVZX 0x18(DX)(AX*2), R10							
  narrow.go:276		0x601b74		4d01c2			ADDQ R8, R10									
  narrow.go:276		0x601b77		660f1f840000000000	NOPW 0(AX)(AX*1)								
  narrow.go:276		0x601b80		4981faffff0000		CMPQ R10, $0xffff								
  narrow.go:276		0x601b87		7e04			JLE 0x601b8d									
  narrow.go:276		0x601b89		31c0			XORL AX, AX									
  decide.go:630		0x601b8b		eb21			JMP 0x601bae									
  narrow.go:279		0x601b8d		4529c1			SUBL R8, R9									
  narrow.go:279		0x601b90		6644894a1c		MOVW R9, 0x1c(DX)								
  narrow.go:280		0x601b95		4401448210		ADDL R8, 0x10(DX)(AX*4)								
  narrow.go:281		0x601b9a		440fb74c4218		MOVZX 0x18(DX)(AX*2), R9							
  narrow.go:281		0x601ba0		4501c8			ADDL R9, R8									
  narrow.go:281		0x601ba3		664489444218		MOVW R8, 0x18(DX)(AX*2)								
  narrow.go:281		0x601ba9		b801000000		MOVL $0x1, AX									
  decide.go:630		0x601bae		84c0			TESTL AL, AL									
  decide.go:630		0x601bb0		0f8495020000		JE 0x601e4b									
  decide.go:631		0x601bb6		90			NOPL										
  mutex.go:65		0x601bb7		90			NOPL										
  mutex.go:194		0x601bb8		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601bbd		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601bc1		ffcb			DECL BX										
  mutex.go:195		0x601bc3		7408			JE 0x601bcd									
  mutex.go:198		0x601bc5		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601bc8		e8f37ee9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:632		0x601bcd		4883c438		ADDQ $0x38, SP									
  decide.go:632		0x601bd1		5d			POPQ BP										
  decide.go:632		0x601bd2		c3			RET										
  decide.go:634		0x601bd3		440fb64e1e		MOVZX 0x1e(SI), R9								
  decide.go:634		0x601bd8		0f1f840000000000	NOPL 0(AX)(AX*1)								
  decide.go:634		0x601be0		4180f902		CMPL R9, $0x2									
  decide.go:634		0x601be4		0f8261020000		JB 0x601e4b									
  decide.go:634		0x601bea		448b5328		MOVL 0x28(BX), R10								
  decide.go:634		0x601bee		4585d2			TESTL R10, R10									
  decide.go:634		0x601bf1		0f8549010000		JNE 0x601d40									
  decide.go:634		0x601bf7		807e1d00		CMPB 0x1d(SI), $0x0								
  decide.go:634		0x601bfb		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:634		0x601c00		0f842d010000		JE 0x601d33									
  decide.go:635		0x601c06		448b4e30		MOVL 0x30(SI), R9								
  decide.go:635		0x601c0a		4539c1			CMPL R9, R8									
  decide.go:635		0x601c0d		0f8538020000		JNE 0x601e4b									
  decide.go:636		0x601c13		448b4620		MOVL 0x20(SI), R8								
  decide.go:636		0x601c17		4c8b5338		MOVQ 0x38(BX), R10								
  decide.go:636		0x601c1b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:660		0x601c20		4d39c2			CMPQ R10, R8									
  decide.go:660		0x601c23		7507			JNE 0x601c2c									
  decide.go:660		0x601c25		b901000000		MOVL $0x1, CX									
  decide.go:636		0x601c2a		eb16			JMP 0x601c42									
  decide.go:662		0x601c2c		4d63c9			MOVSXD R9, R9									
  decide.go:662		0x601c2f		4d29c8			SUBQ R9, R8									
  decide.go:662		0x601c32		4d39c2			CMPQ R10, R8									
  decide.go:662		0x601c35		7504			JNE 0x601c3b									
  decide.go:662		0x601c37		31c9			XORL CX, CX									
  decide.go:636		0x601c39		eb07			JMP 0x601c42									
  decide.go:636		0x601c3b		48c7c1ffffffff		MOVQ $-0x1, CX									
  decide.go:636		0x601c42		4885c9			TESTQ CX, CX									
  decide.go:636		0x601c45		0f8ca3000000		JL 0x601cee									
  decide.go:636		0x601c4b		4c8b4318		MOVQ 0x18(BX), R8								
  narrow.go:301		0x601c4f		4989c9			MOVQ CX, R9									
  narrow.go:301		0x601c52		83e101			ANDL $0x1, CX									
  narrow.go:302		0x601c55		4c8d148e		LEAQ 0(SI)(CX*4), R10								
  narrow.go:302		0x601c59		4d8d5224		LEAQ 0x24(R10), R10								
  narrow.go:302		0x601c5d		4d6312			MOVSXD 0(R10), R10								
  narrow.go:302		0x601c60		4d01c2			ADDQ R8, R10									
  narrow.go:302		0x601c63		4981faffffff7f		CMPQ R10, $0x7fffffff								
  narrow.go:302		0x601c6a		7f7e			JG 0x601cea									
  narrow.go:302		0x601c6c		440fb7544e2c		MOVZX 0x2c(SI)(CX*2), R10							
  narrow.go:302		0x601c72		4d01c2			ADDQ R8, R10									
  narrow.go:302		0x601c75		4981faffff0000		CMPQ R10, $0xffff								
  decide.go:636		0x601c7c		7f68			JG 0x601ce6									
  narrow.go:275		0x601c7e		440fb6521e		MOVZX 0x1e(DX), R10								
  narrow.go:275		0x601c83		41f6c220		TESTL $0x20, R10								
  narrow.go:275		0x601c87		7536			JNE 0x601cbf									
  narrow.go:275		0x601c89		440fb7521c		MOVZX 0x1c(DX), R10								
  narrow.go:275		0x601c8e		4d39d0			CMPQ R8, R10									
  narrow.go:275		0x601c91		772c			JA 0x601cbf									
  narrow.go:272		0x601c93		83e001			ANDL $0x1, AX									
  narrow.go:276		0x601c96		4c8d1c82		LEAQ 0(DX)(AX*4), R11								
  narrow.go:276		0x601c9a		4d8d5b10		LEAQ 0x10(R11), R11								
  narrow.go:276		0x601c9e		4d631b			MOVSXD 0(R11), R11								
  narrow.go:276		0x601ca1		4d01c3			ADDQ R8, R11									
  narrow.go:276		0x601ca4		4981fbffffff7f		CMPQ R11, $0x7fffffff								
  narrow.go:276		0x601cab		7f12			JG 0x601cbf									
  narrow.go:276		0x601cad		440fb75c4218		MOVZX 0x18(DX)(AX*2), R11							
  narrow.go:276		0x601cb3		4d01c3			ADDQ R8, R11									
  narrow.go:276		0x601cb6		4981fbffff0000		CMPQ R11, $0xffff								
  narrow.go:276		0x601cbd		7e04			JLE 0x601cc3									
  narrow.go:276		0x601cbf		31c0			XORL AX, AX									
  decide.go:636		0x601cc1		eb30			JMP 0x601cf3									
  narrow.go:279		0x601cc3		4529c2			SUBL R8, R10									
  narrow.go:279		0x601cc6		664489521c		MOVW R10, 0x1c(DX)								
  narrow.go:280		0x601ccb		4401448210		ADDL R8, 0x10(DX)(AX*4)								
  narrow.go:281		0x601cd0		440fb7544218		MOVZX 0x18(DX)(AX*2), R10							
  narrow.go:281		0x601cd6		4501d0			ADDL R10, R8									
  narrow.go:281		0x601cd9		664489444218		MOVW R8, 0x18(DX)(AX*2)								
  narrow.go:281		0x601cdf		b801000000		MOVL $0x1, AX									
  decide.go:636		0x601ce4		eb0d			JMP 0x601cf3									
  decide.go:636		0x601ce6		31c0			XORL AX, AX									
  decide.go:636		0x601ce8		eb09			JMP 0x601cf3									
  decide.go:636		0x601cea		31c0			XORL AX, AX									
  narrow.go:302		0x601cec		eb05			JMP 0x601cf3									
  narrow.go:307		0x601cee		4989c9			MOVQ CX, R9									
  narrow.go:307		0x601cf1		31c0			XORL AX, AX									
  decide.go:636		0x601cf3		84c0			TESTL AL, AL									
  decide.go:636		0x601cf5		0f8450010000		JE 0x601e4b									
  decide.go:637		0x601cfb		488b4b18		MOVQ 0x18(BX), CX								
  narrow.go:307		0x601cff		4183e101		ANDL $0x1, R9									
  narrow.go:308		0x601d03		42014c8e24		ADDL CX, 0x24(SI)(R9*4)								
  narrow.go:309		0x601d08		420fb77c4e2c		MOVZX 0x2c(SI)(R9*2), DI							
  narrow.go:309		0x601d0e		01f9			ADDL DI, CX									
  narrow.go:309		0x601d10		6642894c4e2c		MOVW CX, 0x2c(SI)(R9*2)								
  decide.go:638		0x601d16		90			NOPL										
  mutex.go:65		0x601d17		90			NOPL										
  mutex.go:194		0x601d18		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601d1d		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601d21		ffcb			DECL BX										
  mutex.go:195		0x601d23		7408			JE 0x601d2d									
  mutex.go:198		0x601d25		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601d28		e8937de9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:639		0x601d2d		4883c438		ADDQ $0x38, SP									
  decide.go:639		0x601d31		5d			POPQ BP										
  decide.go:639		0x601d32		c3			RET										
  decide.go:634		0x601d33		4180f902		CMPL R9, $0x2									
  decide.go:634		0x601d37		eb0b			JMP 0x601d44									
  decide.go:634		0x601d39		0f1f8000000000		NOPL 0(AX)									
  decide.go:634		0x601d40		4180f902		CMPL R9, $0x2									
  decide.go:642		0x601d44		0f8201010000		JB 0x601e4b									
  decide.go:634		0x601d4a		4585d2			TESTL R10, R10									
  decide.go:642		0x601d4d		0f85f8000000		JNE 0x601e4b									
  decide.go:643		0x601d53		4c8b4e08		MOVQ 0x8(SI), R9								
  decide.go:643		0x601d57		458b11			MOVL 0(R9), R10									
  decide.go:643		0x601d5a		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:643		0x601d60		4539c2			CMPL R10, R8									
  decide.go:643		0x601d63		0f85e2000000		JNE 0x601e4b									
  decide.go:644		0x601d69		4c8b4338		MOVQ 0x38(BX), R8								
  counter.go:83		0x601d6d		4d8b5908		MOVQ 0x8(R9), R11								
  counter.go:83		0x601d71		4d39c3			CMPQ R11, R8									
  counter.go:83		0x601d74		7507			JNE 0x601d7d									
  counter.go:83		0x601d76		b901000000		MOVL $0x1, CX									
  decide.go:644		0x601d7b		eb16			JMP 0x601d93									
  counter.go:85		0x601d7d		4d63d2			MOVSXD R10, R10									
  counter.go:85		0x601d80		4d29d3			SUBQ R10, R11									
  counter.go:85		0x601d83		4d39d8			CMPQ R8, R11									
  counter.go:85		0x601d86		7504			JNE 0x601d8c									
  counter.go:85		0x601d88		31c9			XORL CX, CX									
  decide.go:644		0x601d8a		eb07			JMP 0x601d93									
  decide.go:644		0x601d8c		48c7c1ffffffff		MOVQ $-0x1, CX									
  decide.go:644		0x601d93		4885c9			TESTQ CX, CX									
  decide.go:644		0x601d96		7c78			JL 0x601e10									
  narrow.go:275		0x601d98		440fb6421e		MOVZX 0x1e(DX), R8								
  narrow.go:275		0x601d9d		0f1f00			NOPL 0(AX)									
  narrow.go:275		0x601da0		41f6c020		TESTL $0x20, R8									
  narrow.go:275		0x601da4		7543			JNE 0x601de9									
  decide.go:644		0x601da6		4c8b4318		MOVQ 0x18(BX), R8								
  narrow.go:275		0x601daa		440fb7521c		MOVZX 0x1c(DX), R10								
  narrow.go:275		0x601daf		4d39d0			CMPQ R8, R10									
  narrow.go:275		0x601db2		7735			JA 0x601de9									
  narrow.go:272		0x601db4		83e001			ANDL $0x1, AX									
  narrow.go:276		0x601db7		4c8d1c82		LEAQ 0(DX)(AX*4), R11								
  narrow.go:276		0x601dbb		4d8d5b10		LEAQ 0x10(R11), R11								
  narrow.go:276		0x601dbf		4d631b			MOVSXD 0(R11), R11								
  narrow.go:276		0x601dc2		4d01c3			ADDQ R8, R11									
  narrow.go:276		0x601dc5		4981fbffffff7f		CMPQ R11, $0x7fffffff								
  narrow.go:276		0x601dcc		7f1b			JG 0x601de9									
  narrow.go:276		0x601dce		440fb75c4218		MOVZX 0x18(DX)(AX*2), R11							
  narrow.go:276		0x601dd4		4d01c3			ADDQ R8, R11									
  narrow.go:276		0x601dd7		660f1f840000000000	NOPW 0(AX)(AX*1)								
  narrow.go:276		0x601de0		4981fbffff0000		CMPQ R11, $0xffff								
  narrow.go:276		0x601de7		7e04			JLE 0x601ded									
  narrow.go:276		0x601de9		31c0			XORL AX, AX									
  decide.go:644		0x601deb		eb25			JMP 0x601e12									
  narrow.go:279		0x601ded		4529c2			SUBL R8, R10									
  narrow.go:279		0x601df0		664489521c		MOVW R10, 0x1c(DX)								
  narrow.go:280		0x601df5		4401448210		ADDL R8, 0x10(DX)(AX*4)								
  narrow.go:281		0x601dfa		440fb7544218		MOVZX 0x18(DX)(AX*2), R10							
  narrow.go:281		0x601e00		4501d0			ADDL R10, R8									
  narrow.go:281		0x601e03		664489444218		MOVW R8, 0x18(DX)(AX*2)								
  narrow.go:281		0x601e09		b801000000		MOVL $0x1, AX									
  decide.go:644		0x601e0e		eb02			JMP 0x601e12									
  decide.go:644		0x601e10		31c0			XORL AX, AX									
  decide.go:644		0x601e12		84c0			TESTL AL, AL									
  decide.go:644		0x601e14		7435			JE 0x601e4b									
  counter.go:42		0x601e16		4883f902		CMPQ CX, $0x2									
  counter.go:42		0x601e1a		734c			JAE 0x601e68									
  decide.go:645		0x601e1c		488b7318		MOVQ 0x18(BX), SI								
  counter.go:42		0x601e20		490174c920		ADDQ SI, 0x20(R9)(CX*8)								
  counter.go:43		0x601e25		490174c910		ADDQ SI, 0x10(R9)(CX*8)								
  decide.go:646		0x601e2a		90			NOPL										
  mutex.go:65		0x601e2b		90			NOPL										
  mutex.go:194		0x601e2c		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601e31		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601e35		ffcb			DECL BX										
  mutex.go:195		0x601e37		740c			JE 0x601e45									
  mutex.go:198		0x601e39		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601e3c		0f1f4000		NOPL 0(AX)									
  mutex.go:198		0x601e40		e87b7ce9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:647		0x601e45		4883c438		ADDQ $0x38, SP									
  decide.go:647		0x601e49		5d			POPQ BP										
  decide.go:647		0x601e4a		c3			RET										
  decide.go:654		0x601e4b		4889f8			MOVQ DI, AX									
  decide.go:654		0x601e4e		4889f1			MOVQ SI, CX									
  decide.go:654		0x601e51		4889df			MOVQ BX, DI									
  decide.go:654		0x601e54		4889d3			MOVQ DX, BX									
  decide.go:654		0x601e57		e804030000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).commitLocked(SB)	
  decide.go:655		0x601e5c		4883c438		ADDQ $0x38, SP									
  decide.go:655		0x601e60		5d			POPQ BP										
  decide.go:655		0x601e61		c3			RET										
  decide.go:595		0x601e62		4883c438		ADDQ $0x38, SP									
  decide.go:595		0x601e66		5d			POPQ BP										
  decide.go:595		0x601e67		c3			RET										
  counter.go:42		0x601e68		e8b304e9ff		CALL runtime.panicBounds(SB)							
  counter.go:42		0x601e6d		90			NOPL										
  decide.go:592		0x601e6e		4889442408		MOVQ AX, 0x8(SP)								
  decide.go:592		0x601e73		48895c2410		MOVQ BX, 0x10(SP)								
  decide.go:592		0x601e78		e803e6e8ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:592		0x601e7d		488b442408		MOVQ 0x8(SP), AX								
  decide.go:592		0x601e82		488b5c2410		MOVQ 0x10(SP), BX								
  decide.go:592		0x601e87		e9d4faffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).Commit(SB)	
